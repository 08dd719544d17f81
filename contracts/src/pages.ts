// What each public page is called, for the tab title, search engines and link previews. The
// server writes these into the HTML it serves (backend/src/modules/pages) and the app sets the
// same title when it navigates (pwa/src/app/page-title.ts), so both always agree.
import type { Article } from './articles.ts';
export const SITE_NAME = 'Living Best Now';
export const CONTACT_EMAIL = 'contact@livingbestnow.example';

export interface PageMeta {
  title: string;
  description: string;
}

export const PAGE_META = {
  home: {
    title: 'Living Best Now: Bible articles for families',
    description:
      'Bible-based articles for families on life, spirit, truth, proof and hope, readable offline.',
  },
  family: {
    title: `Family Worship · ${SITE_NAME}`,
    description:
      'A weekly Family Worship schedule for 2025: the lesson for this week and the weeks ahead.',
  },
  about: {
    title: `About Us · ${SITE_NAME}`,
    description:
      'Our mission, vision and promise: practical, scripturally grounded articles that help families live their best life now.',
  },
  notFound: {
    title: `Page not found · ${SITE_NAME}`,
    description: 'There is nothing at this address.',
  },
} as const satisfies Record<string, PageMeta>;

/** An article's tab title; its description is its subtitle. */
export const articleTitle = (title: string) => `${title} · ${SITE_NAME}`;

/**
 * What the server puts in the page for the app to take over without fetching again: the
 * article a shared link points to, or the newest article summaries for the home cards. Read
 * from `<script type="application/json" id="first-paint">` (data, never executed).
 */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

export type FirstPaintData =
  | { page: 'article'; article: Article }
  | { page: 'article-missing'; id: string }
  | { page: 'home'; articles: Omit<Article, 'content'>[] }
  /** A chapter page: its verses, so the app shows them before its own copy of the book arrives. */
  | { page: 'chapter'; osis: string; chapter: number; verses: string[]; heading?: string };

/** The home page's line under its heading. */
export const TAGLINE = 'Live your best life now, guided by the wisdom of the Bible.';

/** What a draft, deleted or unknown article shows, from the server and in the app alike. */
export const ARTICLE_MISSING = {
  heading: 'Article not available',
  text: 'This article is not available. It may have been removed or not published yet.',
} as const;
