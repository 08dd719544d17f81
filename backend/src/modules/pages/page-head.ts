// The <head> of each public page: its own title and description, and for an article the tags
// link previews read (canonical URL, Open Graph, Twitter card) so a link pasted into a messaging
// app shows the article's title, subtitle, the site name and an image: the article's first
// picture when it has one, the app icon otherwise.
import type { Article } from '@fw/contracts';
import { parseImageUrl } from '@fw/contracts/images';
import { SITE_NAME, articleTitle, type PageMeta } from '@fw/contracts/pages';
import { escapeHtml } from './page-markup.ts';

interface PreviewImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** The image a preview card shows for a page without a picture of its own. */
const ICON_IMAGE: PreviewImage = { path: '/icons/icon-512.png', width: 512, height: 512, alt: `${SITE_NAME} logo` };

const IMG_TAG = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * The article's first stored picture as its large JPEG or PNG copy: the `src` the saved markup
 * gives every `<img>` (modules/images/image-html.ts), with that copy's `width` and `height`. Link
 * previews read JPEG and PNG everywhere, WebP not in every app, so the WebP copies are not used.
 * Read from the article's HTML: the page costs no database read.
 */
function articlePicture(article: Article): PreviewImage | null {
  for (const [tag] of article.content.matchAll(IMG_TAG)) {
    const src = attribute(tag, 'src') ?? '';
    const stored = parseImageUrl(src);
    const width = Number(attribute(tag, 'width'));
    const height = Number(attribute(tag, 'height'));
    if (!stored || stored.ext === 'webp' || !(width > 0) || !(height > 0)) continue;
    return { path: src, width, height, alt: article.title };
  }
  return null;
}

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
    const preview = (article && articlePicture(article)) ?? ICON_IMAGE;
    const image = origin + preview.path;
    extra.push(
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      tag('og:site_name', 'property', SITE_NAME),
      tag('og:type', 'property', article ? 'article' : 'website'),
      tag('og:title', 'property', article ? article.title : meta.title),
      tag('og:description', 'property', meta.description),
      tag('og:url', 'property', url),
      tag('og:image', 'property', image),
      tag('og:image:width', 'property', String(preview.width)),
      tag('og:image:height', 'property', String(preview.height)),
      tag('og:image:alt', 'property', preview.alt),
      // A picture of the article is worth the large card; the icon stays a small one.
      tag('twitter:card', 'name', preview === ICON_IMAGE ? 'summary' : 'summary_large_image'),
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
