// /rss.xml, /sitemap.xml and /robots.txt as served: well-formed XML (checked by an XML parser),
// the newest FEED_ITEMS published articles with summary, full text, dates and absolute links,
// every published article in the sitemap with its last change, never a draft, and a 304 for a
// reader that already holds this version. Over HTTP against the real database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle, saveArticle } from '../../../test/content-fixtures.ts';
import { FEED_ITEMS, FEED_PATHS, absoluteLinks } from './syndication.ts';
import { xmlText } from './xml.ts';
import { FEED_LINK, writeHead } from '../pages/page-head.ts';
import { PAGE_META } from '@fw/contracts/pages';

/** A stand-in build of the PWA without the feed link (the server adds it when missing). */
const INDEX_HTML = '<!doctype html><html><head><meta name="description" content="x"><title>x</title></head><body><div id="root"></div></body></html>';
const PWA_INDEX = new URL('../../../../pwa/index.html', import.meta.url);

interface RssItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  description: string;
  'content:encoded': string;
  category?: string;
}

// Every element that may repeat is read as a list, so one item is not a lone object.
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'url',
});

let app: TestApp;
let dir: string;
let token: string;
const published: Article[] = [];
let draft: Article;
let unpublished: Article;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function parsed(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Record<string, unknown>;
}

async function rssItems(): Promise<RssItem[]> {
  const res = await get(FEED_PATHS.rss);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
  const doc = parsed(res.text) as { rss: { channel: { item?: RssItem[] } } };
  return doc.rss.channel.item ?? [];
}

async function sitemapUrls(): Promise<Array<{ loc: string; lastmod?: string }>> {
  const res = await get(FEED_PATHS.sitemap);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  const doc = parsed(res.text) as { urlset: { url: Array<{ loc: string; lastmod?: string }> } };
  return doc.urlset.url;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-feeds-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  app = await startTestApp({ staticDir: dir });
  token = (await createUser(app)).token;
  // One more than the feed holds; the first is the oldest.
  for (let i = 0; i < FEED_ITEMS + 1; i++) {
    published.push(
      await createArticle(app, token, {
        title: i === FEED_ITEMS ? 'Faith & <hope> "together"' : `Published ${i}`,
        subtitle: `Summary ${i}`,
        // The server links the citation to its chapter page (`/bible/…`, root-relative).
        content: `<p>Full text ${i}, as John 3:16 says.</p>`,
      }),
    );
  }
  draft = await createArticle(app, token, { title: 'Secret draft', isPublished: false });
  unpublished = await createArticle(app, token, { title: 'Taken down' });
  const toggled = await app.request('POST', '/api/articles/toggle-publish', { token, body: { id: unpublished._id } });
  expect(toggled.status).toBe(200);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the RSS feed', () => {
  it('holds the newest published articles, with summary, full text, dates and absolute links', async () => {
    const items = await rssItems();
    expect(items).toHaveLength(FEED_ITEMS);
    const newest = published.slice(-FEED_ITEMS).reverse();
    expect(items.map((item) => item.link)).toEqual(newest.map((a) => `${app.url}/article/${a._id}`));
    const first = items[0]!;
    // Markup characters come back as they were written.
    expect(first.title).toBe('Faith & <hope> "together"');
    expect(first.guid).toMatchObject({ '#text': first.link, '@_isPermaLink': 'true' });
    expect(first.description).toBe(`Summary ${FEED_ITEMS}`);
    expect(first['content:encoded']).toContain(`<p>Full text ${FEED_ITEMS}, as <a href="${app.url}/bible/`);
    expect(first['content:encoded']).not.toContain('href="/');
    for (const [i, item] of items.entries()) {
      expect(new Date(item.pubDate).toISOString()).toBe(new Date(newest[i]!.createdAt).toISOString().replace(/\.\d{3}Z$/, '.000Z'));
    }
  });

  it('never holds a draft or an unpublished article, and names itself and the site absolutely', async () => {
    const res = await get(FEED_PATHS.rss);
    expect(res.text).not.toContain(draft._id);
    expect(res.text).not.toContain('Secret draft');
    expect(res.text).not.toContain(unpublished._id);
    const channel = (parsed(res.text) as { rss: { channel: Record<string, unknown> } }).rss.channel;
    expect(channel.link).toBe(`${app.url}/`);
    expect(channel['atom:link']).toMatchObject({ '@_href': `${app.url}${FEED_PATHS.rss}`, '@_rel': 'self' });
  });
});

describe('the feed link in every page’s head', () => {
  const feedLinks = (html: string) => html.match(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/rss.xml"/g) ?? [];

  it('is in the PWA’s index.html and in every server-drawn page, once', async () => {
    expect(feedLinks(fs.readFileSync(PWA_INDEX, 'utf8'))).toHaveLength(1);
    for (const pathname of ['/', '/family', '/about-us', `/article/${published[0]!._id}`, `/article/${draft._id}`, '/admin', '/no-such-page']) {
      const res = await get(pathname, { accept: 'text/html' });
      expect(feedLinks(res.text), pathname).toHaveLength(1);
    }
    const withLink = INDEX_HTML.replace('</head>', `${FEED_LINK}</head>`);
    expect(feedLinks(writeHead(withLink, { meta: PAGE_META.home, origin: app.url }))).toHaveLength(1);
  });
});

describe('links in the feed’s article text', () => {
  it('are made absolute: links, images and every candidate of a srcset; other sites’ are kept', () => {
    const html =
      '<p><a href="/bible/John/3#v16">John 3:16</a> <a href="https://example.org/x">x</a> <a href="//cdn.example.org/y">y</a></p>' +
      '<img src="/media/a-800.webp" srcset="/media/a-800.webp 800w, /media/a-1600.webp 1600w" width="800" height="600">';
    expect(absoluteLinks(html, 'https://family.example.org')).toBe(
      '<p><a href="https://family.example.org/bible/John/3#v16">John 3:16</a> <a href="https://example.org/x">x</a> <a href="//cdn.example.org/y">y</a></p>' +
        '<img src="https://family.example.org/media/a-800.webp" srcset="https://family.example.org/media/a-800.webp 800w, https://family.example.org/media/a-1600.webp 1600w" width="800" height="600">',
    );
  });
});

describe('XML text', () => {
  it('escapes markup and drops what XML 1.0 cannot carry, so the document still parses', () => {
    const text = `a & b <c> "d" 'e' \u0001\u001f\ufffe\ud800 f \u{1F600}`;
    const doc = `<t>${xmlText(text)}</t>`;
    expect(XMLValidator.validate(doc)).toBe(true);
    expect(parser.parse(doc).t).toBe(`a & b <c> "d" 'e'  f \u{1F600}`);
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists home, Family, About and every published article with its last change, no draft', async () => {
    const urls = await sitemapUrls();
    const locs = urls.map((u) => u.loc);
    expect(locs.slice(0, 3)).toEqual([`${app.url}/`, `${app.url}/family`, `${app.url}/about-us`]);
    const articles = new Map(urls.slice(3).map((u) => [u.loc, u.lastmod]));
    expect(articles.size).toBe(published.length);
    for (const article of published) {
      expect(articles.get(`${app.url}/article/${article._id}`)).toBe(article.updatedAt);
    }
    expect(locs.some((loc) => loc.includes(draft._id) || loc.includes(unpublished._id))).toBe(false);
  });

  it('robots.txt points at the sitemap and keeps crawlers out of previews', async () => {
    const res = await get(FEED_PATHS.robots);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    expect(res.text).toMatch(/^Disallow: \/preview\/$/m);
  });
});

describe('caching by version', () => {
  it.each([FEED_PATHS.rss, FEED_PATHS.sitemap])('%s: a 304 while nothing changed, a new body after a change', async (path) => {
    // Joined from gzip pieces (http/gzip-pieces.ts): gzip even for a client taking brotli too.
    const first = await get(path, { 'accept-encoding': 'br, gzip' });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const again = await get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const edited = published[FEED_ITEMS]!;
    const res = await saveArticle(app, token, { _id: edited._id, version: edited.version, title: `Edited for ${path}` });
    expect(res.status).toBe(200);
    published[FEED_ITEMS] = res.body.article;
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    if (path === FEED_PATHS.rss) expect(changed.text).toContain(`Edited for ${path}`);
    else expect(changed.text).toContain(`<lastmod>${res.body.article.updatedAt}</lastmod>`);
  });
});
