// Draft preview links as served: an administrator asks for one, anyone holding it sees the draft
// drawn by the server like a public article page under a "Draft preview" band, never indexed; it
// works for 7 days and not after (the clock is moved), not for another draft, and not once a new
// link was made. Over HTTP against the real database, with a stand-in build of the PWA.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article, PreviewLink } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { PREVIEW_BAND_TEXT, PREVIEW_SHARE_MS, PREVIEW_VIEW_MS } from '@fw/contracts/preview';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle } from '../../../test/content-fixtures.ts';
import { ROUTE_SOURCES } from '../pages/page-template.ts';
import { PREVIEW_LINKS_COLLECTION } from './preview-links.ts';
import { INDEX_HTML } from '../../../test/page-fixtures.ts';

const MANIFEST = {
  [ROUTE_SOURCES.article]: { file: 'assets/ArticlePage-abc.js', css: ['assets/ArticlePage-abc.css'] },
};
const MINUTE_MS = 60_000;

let app: TestApp;
let token: string;
let dir: string;
let draft: Article;
let otherDraft: Article;

async function askLink(id: string, purpose: 'view' | 'share'): Promise<PreviewLink> {
  const res = await app.request<{ preview: PreviewLink }>('POST', API_PATHS.previewLink, { token, body: { id, purpose } });
  expect(res.status).toBe(200);
  return res.body.preview;
}

/** The link opened by someone without an account. */
async function open(url: string) {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-preview-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await startTestApp({ staticDir: dir });
  token = (await createUser(app)).token;
  draft = await createArticle(app, token, {
    title: 'Evening <prayers> & songs',
    subtitle: 'Still being written.',
    content: '<p>The draft’s first paragraph.</p>',
    isPublished: false,
  });
  otherDraft = await createArticle(app, token, { title: 'Another draft', isPublished: false });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a shared preview link', () => {
  it('shows the draft as a visitor would see it, under the band, without an account, never indexed', async () => {
    const link = await askLink(draft._id, 'share');
    expect(link.url.startsWith(`${app.url}/preview/${draft._id}?`)).toBe(true);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(PREVIEW_SHARE_MS - MINUTE_MS);

    const { status, html, headers } = await open(link.url);
    expect(status).toBe(200);
    expect(headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(headers.get('cache-control')).toMatch(/no-store/);
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(new RegExp(`<p class="preview-band" role="note"><strong>${PREVIEW_BAND_TEXT}</strong>`));
    // The public article page's markup and head, its stylesheet, the feed link; not the app.
    expect(html).toContain('<h1>Evening &lt;prayers&gt; &amp; songs</h1>');
    expect(html).toContain('<div class="ArticlePage_content article-content"><p>The draft’s first paragraph.</p></div>');
    expect(html).toContain('<title>Evening &lt;prayers&gt; &amp; songs · ');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/ArticlePage-abc.css">');
    expect(html).toContain('type="application/rss+xml"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('rel="canonical"');
    // No room is kept for the reader's actions: no app comes to draw them.
    expect(html).not.toContain('ReaderActions_toolbar');
    // The draft stays unseen on its public address.
    expect((await open(`${app.url}/article/${draft._id}`)).status).toBe(404);
  });

  it('works for 7 days and not after', async () => {
    const link = await askLink(draft._id, 'share');
    const issuedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(issuedAt + PREVIEW_SHARE_MS - MINUTE_MS);
    expect((await open(link.url)).status).toBe(200);
    vi.setSystemTime(issuedAt + PREVIEW_SHARE_MS + MINUTE_MS);
    const late = await open(link.url);
    expect(late.status).toBe(404);
    expect(late.html).toContain('data-testid="preview-invalid"');
    expect(late.html).not.toContain('The draft’s first paragraph.');
    expect(late.headers.get('x-robots-tag')).toMatch(/noindex/);
  });

  it('is not valid for another draft, nor with its end moved', async () => {
    const link = new URL((await askLink(draft._id, 'share')).url);
    await askLink(otherDraft._id, 'share');
    const other = new URL(link);
    other.pathname = `/preview/${otherDraft._id}`;
    expect((await open(other.toString())).status).toBe(404);
    // Even were both drafts' keys the same, the signature names its article.
    const keys = app.connection.collection<{ _id: string; key: string }>(PREVIEW_LINKS_COLLECTION);
    const { key } = (await keys.findOne({ _id: draft._id }))!;
    await keys.updateOne({ _id: otherDraft._id }, { $set: { key } });
    expect((await open(other.toString())).status).toBe(404);
    const later = new URL(link);
    later.searchParams.set('exp', String(Number(link.searchParams.get('exp')) + MINUTE_MS));
    expect((await open(later.toString())).status).toBe(404);
    const unsigned = new URL(link);
    unsigned.searchParams.delete('sig');
    expect((await open(unsigned.toString())).status).toBe(404);
    expect((await open(link.toString())).status).toBe(200);
  });

  it('is revoked by a new link; the editor’s own preview does not revoke it and lasts minutes', async () => {
    const first = await askLink(draft._id, 'share');
    const second = await askLink(draft._id, 'share');
    expect((await open(first.url)).status).toBe(404);
    expect((await open(second.url)).status).toBe(200);

    const view = await askLink(draft._id, 'view');
    expect((await open(view.url)).status).toBe(200);
    expect((await open(second.url)).status).toBe(200);
    const askedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(askedAt + PREVIEW_VIEW_MS + MINUTE_MS);
    expect((await open(view.url)).status).toBe(404);
    expect((await open(second.url)).status).toBe(200);
  });
});

describe('asking for a link', () => {
  it('refuses an unknown article and a bad purpose, and makes no link for them', async () => {
    const unknown = await app.request('POST', API_PATHS.previewLink, {
      token,
      body: { id: '0123456789abcdef01234567', purpose: 'share' },
    });
    expect(unknown.status).toBe(404);
    const bad = await app.request<{ message: string }>('POST', API_PATHS.previewLink, {
      token,
      body: { id: draft._id, purpose: 'publish' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/purpose/);
    expect((await open(`${app.url}/preview/0123456789abcdef01234567?exp=1&sig=x`)).status).toBe(404);
  });

  it('needs an administrator', async () => {
    const res = await app.request('POST', API_PATHS.previewLink, { body: { id: draft._id, purpose: 'share' } });
    expect(res.status).toBe(401);
  });
});
