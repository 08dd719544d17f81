// The <head> of each public page: its own title and description, and for an article the tags
// link previews read (canonical URL, Open Graph, Twitter card) so a link pasted into a messaging
// app shows the article's title, subtitle, the site name and an image.
import type { Article } from '@fw/contracts';
import { SITE_NAME, articleTitle, type PageMeta } from '@fw/contracts/pages';
import { escapeHtml } from './page-markup.ts';

/** The image a preview card shows: the app icon (article images are inline data, not URLs). */
const PREVIEW_IMAGE = { path: '/icons/icon-512.png', width: 512, height: 512 };

export interface HeadInput {
  meta: PageMeta;
  /** Absolute URL of the page (canonical); previews only for pages that have one. */
  url?: string;
  origin: string;
  article?: Article;
  /** Pages that must not be indexed (not found, admin, register). */
  noindex?: boolean;
}

export function articleMeta(article: Article): PageMeta {
  return { title: articleTitle(article.title), description: article.subtitle };
}

const tag = (name: string, attr: 'name' | 'property', content: string) =>
  `<meta ${attr}="${name}" content="${escapeHtml(content)}">`;

/** The RSS feed's link (modules/syndication): pwa/index.html carries it; a template without it gets it. */
export const FEED_LINK = `<link rel="alternate" type="application/rss+xml" title="${SITE_NAME}" href="/rss.xml">`;

/** Replaces the template's title and description and adds the preview tags. */
export function writeHead(template: string, input: HeadInput): string {
  const { meta, url, origin, article } = input;
  const extra: string[] = [];
  if (!template.includes('type="application/rss+xml"')) extra.push(FEED_LINK);
  if (input.noindex) extra.push(tag('robots', 'name', 'noindex'));
  if (url) {
    const image = origin + PREVIEW_IMAGE.path;
    extra.push(
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      tag('og:site_name', 'property', SITE_NAME),
      tag('og:type', 'property', article ? 'article' : 'website'),
      tag('og:title', 'property', article ? article.title : meta.title),
      tag('og:description', 'property', meta.description),
      tag('og:url', 'property', url),
      tag('og:image', 'property', image),
      tag('og:image:width', 'property', String(PREVIEW_IMAGE.width)),
      tag('og:image:height', 'property', String(PREVIEW_IMAGE.height)),
      tag('og:image:alt', 'property', `${SITE_NAME} logo`),
      tag('twitter:card', 'name', 'summary'),
      tag('twitter:title', 'name', article ? article.title : meta.title),
      tag('twitter:description', 'name', meta.description),
      tag('twitter:image', 'name', image),
    );
    if (article) extra.push(tag('article:published_time', 'property', article.createdAt));
  }
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      tag('description', 'name', meta.description),
    )
    .replace('</head>', `${extra.join('\n')}\n</head>`);
}
