// Public pages as the server sends them: the PWA's index.html with the page's own head (title,
// description, link-preview tags) and its first screen written in as plain HTML, plus the data
// the app needs to take over that screen without fetching it again (a JSON script element,
// never executed, so a strict CSP holds). A shared link to /article/:id thus shows the article
// text before any JavaScript runs; a draft, deleted or unknown article is a 404 with the same
// "not available" page the app shows.
//
// Cost per request: no database read; articles come from the public read model
// (sync/read-model.ts), the home page's newest summaries are remade only when the articles changed.
import type { Context } from 'koa';
import type mongoose from 'mongoose';
import type { Article } from '@fw/contracts';
import { FIRST_PAINT_ELEMENT_ID, PAGE_META, type FirstPaintData } from '@fw/contracts/pages';
import { DAILY_PAGE_META } from '@fw/contracts/daily';
import { newestArticles, readModelOn } from '../sync/read-model.ts';
import { articleMeta, writeHead, type HeadInput } from './page-head.ts';
import {
  articleMarkup,
  articleMissingMarkup,
  homeMarkup,
  layout,
  notFoundMarkup,
} from './page-markup.ts';
import { pageTemplate, type PageTemplate, type RouteName } from './page-template.ts';
import { chapterOf, chapterPages } from './chapter-page.ts';

/** Cards written into the home page: more than a phone's or a laptop's first screen holds. */
export const HOME_FIRST_PAINT_ARTICLES = 12;

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const CHAPTER = /^\/bible\/([^/]+)\/([^/]+)$/;
/** Client-side routes the app owns entirely (no first screen from the server, not indexed). */
const APP_ONLY = /^\/(register|admin|saved|notes|reminders|plans)(\/.*)?$/;

export interface Page {
  status: number;
  head: Omit<HeadInput, 'origin'>;
  main?: string;
  current?: 'home' | 'none';
  data?: FirstPaintData;
  route?: RouteName;
  /** A band across the top, above the header (a draft preview's). */
  band?: string;
}

/** An article without its body: what a home card shows. */
function summaryOf(article: Article): Omit<Article, 'content'> {
  const summary: Partial<Article> = { ...article };
  delete summary.content;
  return summary as Omit<Article, 'content'>;
}

/**
 * Adds the route's JavaScript chunks to what the page loads. With the build's deferred boot
 * (pwa/vite-plugins/deferred-boot.ts) they join its list, requested once the first screen is
 * painted; without it, they are modulepreload links in the head.
 */
export function withModulePreloads(html: string, hrefs: string[]): string {
  if (hrefs.length === 0) return html;
  const list = ' data-preload="';
  if (html.includes(list)) return html.replace(list, `${list}${hrefs.join(' ')} `);
  const links = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can appear in it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function publicPages({
  dir,
  connection,
  publicUrl,
}: {
  dir: string;
  connection: mongoose.Connection;
  /** The site's address (config.ts, PUBLIC_URL): every absolute link is made from it. */
  publicUrl: string;
}) {
  const template = pageTemplate(dir);
  const model = readModelOn(connection);
  const chapterPage = chapterPages(dir);
  let newest: { key: string; list: Omit<Article, 'content'>[] } | null = null;

  async function newestSummaries(): Promise<Omit<Article, 'content'>[]> {
    const state = await model.current();
    const key = `${state.epoch}-${state.articlesVersion}`;
    if (newest?.key !== key) {
      const list = newestArticles(state)
        .slice(0, HOME_FIRST_PAINT_ARTICLES)
        .map((entry) => summaryOf(JSON.parse(entry.json!) as Article));
      newest = { key, list };
    }
    return newest.list;
  }

  async function pageFor(pathname: string, origin: string): Promise<Page> {
    const url = origin + pathname;
    if (pathname === '/') {
      const list = await newestSummaries();
      return {
        status: 200,
        head: { meta: PAGE_META.home, url },
        main: homeMarkup(list),
        current: 'home',
        data: { page: 'home', articles: list },
      };
    }
    if (pathname === '/family')
      return { status: 200, head: { meta: PAGE_META.family, url }, route: 'family' };
    // The day's text is not drawn here: which day it is depends on the device's own calendar,
    // which the server does not know; the route's files are asked for ahead, as for /family.
    if (pathname === '/daily')
      return { status: 200, head: { meta: DAILY_PAGE_META, url }, route: 'daily' };
    if (pathname === '/about-us')
      return { status: 200, head: { meta: PAGE_META.about, url }, route: 'about' };
    if (APP_ONLY.test(pathname))
      return { status: 200, head: { meta: PAGE_META.home, noindex: true } };
    const chapter = CHAPTER.exec(pathname);
    if (chapter) {
      const page = await chapterPage(chapter[1]!, chapter[2]!);
      if (page) return { status: 200, head: { meta: page.meta, url }, main: page.main, data: page.data, route: 'chapter' };
    }
    const articleId = /^\/article\/([^/]+)$/.exec(pathname)?.[1];
    if (articleId !== undefined) {
      const json = OBJECT_ID.test(articleId)
        ? (await model.current()).articles.get(articleId)?.json
        : undefined;
      // Drafts are the same 404 as unknown ids: unpublished work stays unseen.
      if (json === undefined) {
        return {
          status: 404,
          head: { meta: PAGE_META.notFound, noindex: true },
          main: articleMissingMarkup(),
          data: { page: 'article-missing', id: articleId },
          route: 'article',
        };
      }
      const article = JSON.parse(json) as Article;
      return {
        status: 200,
        head: { meta: articleMeta(article), url: `${origin}/article/${article._id}`, article },
        main: articleMarkup(article),
        data: { page: 'article', article },
        route: 'article',
      };
    }
    return {
      status: 404,
      head: { meta: PAGE_META.notFound, noindex: true },
      main: notFoundMarkup(),
    };
  }

  /** Answers a navigation to a public page (any path without a file extension). */
  return async function renderPage(ctx: Context): Promise<void> {
    const pathname = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path;
    // Never the request's Host (or X-Forwarded-Host): anyone can send any, and a cache or a
    // preview would then carry links to their site.
    const origin = publicUrl;
    // A chapter written another way (`/bible/JOHN/03`) is moved for good to its one address, so
    // links, caches and search engines all meet a single page (and a single canonical URL).
    const chapter = CHAPTER.exec(pathname);
    const canonical = chapter && chapterOf(chapter[1]!, chapter[2]!)?.path;
    if (canonical && canonical !== pathname) {
      ctx.status = 301;
      ctx.redirect(ctx.querystring ? `${canonical}?${ctx.querystring}` : canonical);
      return;
    }
    const page = await pageFor(pathname, origin);
    ctx.status = page.status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = writePage(template(), page, origin);
  };
}

/** The page's HTML: the template with its head, its route's files and its first screen written in. */
export function writePage({ html, routeFiles }: PageTemplate, page: Page, origin: string): string {
  let out = writeHead(html, { ...page.head, origin });
  if (page.route) {
    const files = routeFiles(page.route);
    const css = files.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
    out = out.replace('</head>', `${css.join('\n')}\n</head>`);
    out = withModulePreloads(out, files.js);
  }
  if (page.main !== undefined) {
    const data = page.data
      ? `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">${scriptJson(page.data)}</script>`
      : '';
    out = out.replace(
      '<div id="root"></div>',
      `<div id="root">${page.band ?? ''}${layout(page.main, page.current)}</div>${data}`,
    );
  }
  return out;
}
