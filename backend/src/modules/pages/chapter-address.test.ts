// A chapter's address: one per chapter. `/bible/JOHN/03` is moved for good (301) to
// `/bible/john/3`, whose page names itself as canonical; an address that names no chapter, like
// `/bible/john/3.5`, is the site's own 404 page, as any unknown address is, never a bare 404.
// Over HTTP with a stand-in build holding one book of the Bible.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '@fw/contracts/pages';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { INDEX_HTML } from '../../../test/page-fixtures.ts';

/** A browser's navigation (what it sends when a link is followed). */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let app: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-chapters-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dir, 'assets', 'bible'), { recursive: true });
  const chapters = Array.from({ length: 21 }, (_, c) => [`John ${c + 1}, the first verse.`, 'The second verse.']);
  fs.writeFileSync(path.join(dir, 'assets', 'bible', 'john-abc.json'), JSON.stringify({ osis: 'John', chapters }));
  fs.writeFileSync(
    path.join(dir, 'bible-manifest.json'),
    JSON.stringify({
      translation: { code: 'kjv', name: 'King James Version' },
      books: { John: { file: '/assets/bible/john-abc.json', bytes: 1, brBytes: 1 } },
    }),
  );
  app = await startTestApp({ staticDir: dir });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = NAVIGATION) =>
  fetch(app.url + pathname, { headers, redirect: 'manual' });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1];

describe('a chapter address', () => {
  it('is the page itself when written the one way, naming itself as canonical', async () => {
    const res = await get('/bible/john/3');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('John 3, the first verse.');
    expect(canonicalOf(html)).toBe(`${app.url}/bible/john/3`);
    expect(ogUrlOf(html)).toBe(`${app.url}/bible/john/3`);
  });

  it.each(['/bible/JOHN/03', '/bible/John/3', '/bible/john/003', '/bible/jOhN/3/'])(
    '%s is moved for good to /bible/john/3',
    async (pathname) => {
      const res = await get(pathname);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/bible/john/3');
    },
  );

  it('keeps the query when moved, and the canonical page never names the other spelling', async () => {
    const res = await get('/bible/JOHN/03?from=share');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/bible/john/3?from=share');
    const followed = await fetch(app.url + '/bible/JOHN/03', { headers: NAVIGATION });
    expect(followed.url).toBe(`${app.url}/bible/john/3`);
    const html = await followed.text();
    expect(canonicalOf(html)).toBe(`${app.url}/bible/john/3`);
    expect(html).not.toMatch(/JOHN|\/03/);
  });

  it.each(['/bible/john/3.5', '/bible/john/22', '/bible/john/0', '/bible/nobook/1', '/bible/john/three'])(
    '%s names no chapter: the site’s own 404 page',
    async (pathname) => {
      const res = await get(pathname);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`<title>${PAGE_META.notFound.title}</title>`);
      expect(html).toContain('Page not found');
      expect(html).toMatch(/<meta name="robots" content="noindex">/);
    },
  );

  it('a missing script or image stays a bare 404, not a page', async () => {
    for (const [pathname, accept] of [
      ['/assets/gone-abc.js', '*/*'],
      ['/icons/gone.png', 'image/avif,image/webp,*/*'],
    ] as const) {
      const res = await get(pathname, { accept });
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type') ?? '', pathname).not.toMatch(/html/);
    }
  });
});
