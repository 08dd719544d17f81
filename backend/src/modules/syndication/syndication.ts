// Syndication: what feed readers and search engines pick up (not the devices' delta feeds, which
// are modules/sync). /rss.xml (RSS 2.0, the newest published articles with their summary and full
// text), /sitemap.xml (home, Family, About and every published article with its last change) and
// /robots.txt pointing at the sitemap. Links are absolute, made from PUBLIC_URL (never the
// request's Host).
//
// Cost per request: like the article list, no database read. Both documents are made from the
// public read model (sync/read-model.ts), which holds published articles only, so a draft cannot
// appear. Each is joined from gzip pieces (http/gzip-pieces.ts: an RSS item, about 32 sitemap
// entries) compressed once, so a change compresses its own piece alone; their ETag is the
// articles' version, so a reader asking again with If-None-Match gets a 304 for the price of the
// model's version check.
import type { Context, Middleware } from 'koa';
import type mongoose from 'mongoose';
import type { Article } from '@fw/contracts';
import { PAGE_META, SITE_NAME } from '@fw/contracts/pages';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { sendShared } from '../../http/shared-body.ts';
import { JoinedBodies, listParts, type Part } from '../../http/gzip-pieces.ts';
import type { FeedEntry } from '../sync/feed-index.ts';
import { newestArticles, readModelOn, type ReadState } from '../sync/read-model.ts';
import { element, rfc822, xmlText } from './xml.ts';

/** Articles in the RSS feed: what a feed reader shows, not the library. */
export const FEED_ITEMS = 50;
export const FEED_PATHS = { rss: '/rss.xml', sitemap: '/sitemap.xml', robots: '/robots.txt' } as const;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const SITEMAP_TYPE = 'application/xml; charset=utf-8';

/**
 * Root-relative links and images in article HTML (scripture links are `/bible/…`; stored images
 * may be files with a `srcset`) made absolute: a feed reader shows the text away from the site.
 * The sanitiser writes every attribute in double quotes, so this one form is all there is;
 * `//host` links are left as they are.
 */
export function absoluteLinks(html: string, origin: string): string {
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? origin + url : url);
  return html
    .replace(/\b(href|src)="([^"]*)"/g, (_, name: string, url: string) => `${name}="${absolute(url)}"`)
    .replace(/\bsrcset="([^"]*)"/g, (_, list: string) => {
      const candidates = list.split(',').map((candidate) => candidate.trim().replace(/^\S+/, absolute));
      return `srcset="${candidates.join(', ')}"`;
    });
}

/** The newest article's last change among `entries` ('' for none). */
const lastChangeOf = (entries: readonly FeedEntry[]) =>
  entries.reduce((latest, entry) => (entry.updatedAt! > latest ? entry.updatedAt! : latest), '');

function rssItem(a: Article, origin: string): string {
  const link = `${origin}/article/${a._id}`;
  return [
    '<item>',
    element('title', a.title),
    element('link', link),
    `<guid isPermaLink="true">${xmlText(link)}</guid>`,
    element('pubDate', rfc822(a.createdAt)),
    a.category ? element('category', a.category) : '',
    element('description', a.subtitle),
    element('content:encoded', absoluteLinks(a.content, origin)),
    '</item>',
  ].join('');
}

/** The RSS document in parts, one per item, so a change makes and compresses its own item alone. */
function rssParts(state: ReadState, origin: string): Part[] {
  const newest = newestArticles(state).slice(0, FEED_ITEMS);
  const lastChange = lastChangeOf(newest);
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    element('title', SITE_NAME),
    element('link', `${origin}/`),
    element('description', PAGE_META.home.description),
    element('language', 'en'),
    `<atom:link href="${xmlText(origin + FEED_PATHS.rss)}" rel="self" type="application/rss+xml"/>`,
    lastChange ? element('lastBuildDate', rfc822(lastChange)) : '',
    '',
  ].join('\n');
  return listParts(newest, {
    head,
    tail: '\n</channel>\n</rss>\n',
    separator: '\n',
    each: true,
    item: (entry) => rssItem(JSON.parse(entry.json!) as Article, origin),
  });
}

/** The sitemap in parts of about PIECE_EVERY articles (http/gzip-pieces.ts). */
function sitemapParts(state: ReadState, origin: string): Part[] {
  const articles = newestArticles(state);
  const url = (path: string, lastmod?: string) =>
    `<url>${element('loc', origin + path)}${lastmod ? element('lastmod', lastmod) : ''}</url>`;
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    // The home page lists the newest articles: it changes when they do.
    url('/', lastChangeOf(articles) || undefined),
    url('/family'),
    url('/about-us'),
    '',
  ].join('\n');
  return listParts(articles, {
    head,
    tail: '\n</urlset>\n',
    separator: '\n',
    item: (entry) => url(`/article/${entry.id}`, entry.updatedAt),
  });
}

function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /preview/\nDisallow: /api/\n\nSitemap: ${origin}${FEED_PATHS.sitemap}\n`;
}

/** Answers the three paths (GET and HEAD); everything else goes on down the chain. */
export function syndication({ connection, publicUrl }: { connection: mongoose.Connection; publicUrl: string }): Middleware {
  const model = readModelOn(connection);
  const robots = robotsTxt(publicUrl);
  const documents = {
    [FEED_PATHS.rss]: { name: 'rss', type: RSS_TYPE, parts: rssParts, bodies: new JoinedBodies() },
    [FEED_PATHS.sitemap]: { name: 'sitemap', type: SITEMAP_TYPE, parts: sitemapParts, bodies: new JoinedBodies() },
  } as Record<string, { name: string; type: string; parts: typeof rssParts; bodies: JoinedBodies } | undefined>;

  async function sendDocument(ctx: Context, doc: NonNullable<(typeof documents)[string]>) {
    const state = await model.current();
    const etag = etagOf(doc.name, state.epoch, state.articlesVersion);
    if (answeredNotModified(ctx, etag)) return;
    const body = await doc.bodies.get(etag, () => doc.parts(state, publicUrl));
    await sendShared(ctx, body, doc.type);
  }

  return async function serveSyndication(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === FEED_PATHS.robots) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = robots;
      return;
    }
    const doc = documents[ctx.path];
    if (!doc) return next();
    await sendDocument(ctx, doc);
  };
}
