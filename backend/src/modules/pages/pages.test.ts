// Public pages as served: each article's own head (title, description, canonical, Open Graph,
// Twitter card), its text in the HTML before any script, the data the app takes over with, the
// route's files asked for at once, and the same not-available page with a 404 for drafts and
// unknown ids. Over HTTP against the real database, with a stand-in build of the PWA.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@fw/contracts';
import {
  ARTICLE_MISSING,
  FIRST_PAINT_ELEMENT_ID,
  PAGE_META,
  SITE_NAME,
  type FirstPaintData,
} from '@fw/contracts/pages';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { createArticle } from '../../../test/content-fixtures.ts';
import { rawGet } from '../../../test/raw-http.ts';
import { HOME_FIRST_PAINT_ARTICLES, withModulePreloads } from './pages.ts';
import { ROUTE_SOURCES } from './page-template.ts';
import { INDEX_HTML } from '../../../test/page-fixtures.ts';
import { dataUrl, noisyPhoto } from '../../../test/image-fixtures.ts';


const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared-abc.js'] },
  '_shared-abc.js': { file: 'assets/shared-abc.js' },
  [ROUTE_SOURCES.article]: {
    file: 'assets/ArticlePage-abc.js',
    css: ['assets/ArticlePage-abc.css'],
    imports: ['_shared-abc.js', '_moment-abc.js'],
  },
  '_moment-abc.js': { file: 'assets/moment-abc.js' },
};

function attr(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}
const meta = (html: string, key: string) =>
  attr(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`));
const firstPaint = (html: string) =>
  JSON.parse(
    attr(
      html,
      new RegExp(
        `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">(.*?)</script>`,
        's',
      ),
    )!,
  ) as FirstPaintData;

let app: TestApp;
let token: string;
let dir: string;
let published: Article;
let draft: Article;

async function page(pathname: string) {
  const res = await fetch(app.url + pathname, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-pages-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await startTestApp({ staticDir: dir });
  token = (await createUser(app)).token;
  published = await createArticle(app, token, {
    title: 'Walking <together> & "praying"',
    subtitle: 'How a family grows closer, one evening at a time.',
    content: '<p>The first paragraph of the article.</p><p>The second one.</p>',
    category: 'Spirit',
  });
  draft = await createArticle(app, token, { title: 'Unfinished draft', isPublished: false });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an article page', () => {
  it('carries the article’s own title, description, canonical URL and preview tags', async () => {
    const { status, html, type } = await page(`/article/${published._id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    const url = `${app.url}/article/${published._id}`;
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(
      `Walking &lt;together&gt; &amp; &quot;praying&quot; · ${SITE_NAME}`,
    );
    expect(html).not.toContain('Generic title');
    expect(meta(html, 'description')).toBe(published.subtitle);
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(url);
    expect(meta(html, 'og:title')).toBe('Walking &lt;together&gt; &amp; &quot;praying&quot;');
    expect(meta(html, 'og:description')).toBe(published.subtitle);
    expect(meta(html, 'og:site_name')).toBe(SITE_NAME);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(`${app.url}/icons/icon-512.png`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['512', '512']);
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    expect(meta(html, 'twitter:description')).toBe(published.subtitle);
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'robots')).toBeUndefined();
  });

  it('shows the article’s first picture in link previews: its large JPEG copy, which the server serves', async () => {
    const pictured = await createArticle(app, token, {
      title: 'A walk by the lake',
      content: `<p>Look.</p><p><img src="${dataUrl(await noisyPhoto(2000, 1000))}" alt="The lake"></p>` +
        `<p><img src="${dataUrl(await noisyPhoto(300, 300, 'png'), 'image/png')}"></p>`,
    });
    const { html } = await page(`/article/${pictured._id}`);
    const image = meta(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`^${app.url}/api/images/[0-9a-f]{32}-1600\\.jpg$`));
    // The same file the article's own markup shows first.
    expect(pictured.content).toContain(`<img src="${image.slice(app.url.length)}"`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1600', '800']);
    expect(meta(html, 'og:image:alt')).toBe('A walk by the lake');
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('holds the article text as HTML, and the article as data for the app', async () => {
    const { html } = await page(`/article/${published._id}`);
    const root = attr(html, /<div id="root">(.*?)<\/div><script/s)!;
    expect(root).toContain('<p>The first paragraph of the article.</p><p>The second one.</p>');
    expect(root).toContain('<h1>Walking &lt;together&gt; &amp; &quot;praying&quot;</h1>');
    expect(root).toContain(published.subtitle);
    const data = firstPaint(html);
    expect(data).toEqual({ page: 'article', article: published });
  });

  it("keeps the room of the app's row of actions, inert and hidden from assistive technology", async () => {
    const { html } = await page(`/article/${published._id}`);
    const row = attr(html, /<div class="ReaderActions_toolbar" aria-hidden="true" inert>(.*?)<\/div>/s);
    expect(row).toBeDefined();
    // The app's words in the app's order, so the row wraps into as many lines as the app's will.
    expect([...row!.matchAll(/<span>(\w+)<\/span>/g)].map((m) => m[1])).toEqual(['Save', 'Share', 'Listen', 'Notes']);
    expect(row!.match(/class="ReaderActions_size"/g)).toHaveLength(4);
  });

  it('asks for the article route’s script and style at once, not after the app has started', async () => {
    const { html } = await page(`/article/${published._id}`);
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/ArticlePage-abc.css">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ArticlePage-abc.js">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/moment-abc.js">');
    // Already loaded by the page's own entry: not asked for twice.
    expect(html).not.toContain('href="/assets/index-abc.js"');
  });

  it("with the build's deferred boot, a route's chunks join its list (loaded after the first paint)", () => {
    const boot =
      '<head><script type="module" src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js"></script></head>';
    const html = withModulePreloads(boot, ['/assets/ArticlePage-abc.js', '/assets/moment-abc.js']);
    expect(html).toContain(
      'data-preload="/assets/ArticlePage-abc.js /assets/moment-abc.js /assets/react-abc.js"',
    );
    expect(html).not.toContain('rel="modulepreload"');
    expect(withModulePreloads(boot, [])).toBe(boot);
  });

  it('cannot break out of the data element whatever the article holds', async () => {
    const tricky = await createArticle(app, token, {
      title: '</script><script>alert(1)</script>',
      subtitle: 'A subtitle with <!-- a comment opener',
    });
    const { html } = await page(`/article/${tricky._id}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(firstPaint(html)).toEqual({ page: 'article', article: tricky });
  });

  it.each([
    ['a draft', () => draft._id],
    ['an unknown id', () => '64f0000000000000000000ff'],
    ['a malformed id', () => 'not-an-id'],
  ])('is the same not-available page with a 404 for %s', async (_label, id) => {
    const { status, html } = await page(`/article/${id()}`);
    expect(status).toBe(404);
    expect(html).toContain(ARTICLE_MISSING.heading);
    expect(html).toContain(ARTICLE_MISSING.text);
    expect(html).not.toContain('Unfinished draft');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('og:title');
    expect(firstPaint(html)).toEqual({ page: 'article-missing', id: id() });
  });
});

describe('the other public pages', () => {
  it('home: its own title and description, and the newest cards from summaries (no bodies)', async () => {
    for (let i = 0; i < HOME_FIRST_PAINT_ARTICLES; i++)
      await createArticle(app, token, { title: `Card ${i}` });
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(PAGE_META.home.title);
    expect(meta(html, 'description')).toBe(PAGE_META.home.description);
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(`${app.url}/`);
    const data = firstPaint(html);
    if (data.page !== 'home') throw new Error(`home page data: ${data.page}`);
    expect(data.articles).toHaveLength(HOME_FIRST_PAINT_ARTICLES);
    expect(data.articles[0]!.title).toBe(`Card ${HOME_FIRST_PAINT_ARTICLES - 1}`);
    expect(data.articles.every((a) => !('content' in a))).toBe(true);
    expect(html).not.toContain('Unfinished draft');
    expect(html.match(/data-testid="article-card"/g)).toHaveLength(HOME_FIRST_PAINT_ARTICLES);
  });

  it.each([
    ['/family', PAGE_META.family],
    ['/about-us', PAGE_META.about],
  ])('%s has its own title and description', async (pathname, expected) => {
    const { status, html } = await page(pathname);
    expect(status).toBe(200);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(expected.title);
    expect(meta(html, 'description')).toBe(expected.description);
    expect(meta(html, 'og:title')).toBe(expected.title);
  });

  it('an unknown address is a 404 page; the app’s own routes are served but not indexed', async () => {
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
    const admin = await page('/admin/allArticles');
    expect(admin.status).toBe(200);
    expect(meta(admin.html, 'robots')).toBe('noindex');
    expect(admin.html).toContain('<div id="root"></div>');
  });

  it.each(['/plans', '/plans/64f0000000000000000000c1', '/saved', '/notes', '/reminders', '/register'])('%s (kept on the device, or the app’s own) is served to the app, not indexed', async (pathname) => {
    const { status, html } = await page(pathname);
    expect(status).toBe(200);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Page not found');
  });
});

describe('absolute links', () => {
  const PUBLIC_URL = 'https://family.example.org';
  let site: TestApp;
  let article: Article;
  beforeAll(async () => {
    // Behind a proxy (TRUST_PROXY), so forwarded headers are believed for what they are for.
    site = await startTestApp({ staticDir: dir, publicUrl: PUBLIC_URL, trustProxy: true });
    article = await createArticle(site, (await createUser(site)).token, { title: 'Links' });
  });
  afterAll(() => site.close());

  it('come from PUBLIC_URL only, whatever Host or X-Forwarded-Host a request carries', async () => {
    const hostile = {
      accept: 'text/html',
      host: 'evil.example',
      'x-forwarded-host': 'evil-proxy.example',
      'x-forwarded-proto': 'http',
    };
    for (const pathname of [`/article/${article._id}`, '/', '/family', '/about-us']) {
      const res = await rawGet(site.url + pathname, hostile);
      expect(res.status, pathname).toBe(200);
      const html = res.body.toString('utf8');
      expect(html, pathname).not.toMatch(/evil/);
      const url = `${PUBLIC_URL}${pathname === '/' ? '/' : pathname}`;
      expect(attr(html, /<link rel="canonical" href="([^"]*)">/), pathname).toBe(url);
      expect(meta(html, 'og:url'), pathname).toBe(url);
      expect(meta(html, 'og:image'), pathname).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
      expect(meta(html, 'twitter:image'), pathname).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    }
  });

  it('make an article picture’s preview address from PUBLIC_URL too', async () => {
    const pictured = await createArticle(site, (await createUser(site)).token, {
      content: `<p><img src="${dataUrl(await noisyPhoto(800, 600))}"></p>`,
    });
    const res = await rawGet(`${site.url}/article/${pictured._id}`, { accept: 'text/html', host: 'evil.example' });
    expect(meta(res.body.toString('utf8'), 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/api/images/[0-9a-f]{32}-800\\.jpg$`));
  });
});
