// The first screen of a public page as plain HTML, written by the server so a phone shows the
// text before any JavaScript has run. It copies the markup and class names of the PWA's
// components (PublicLayout, Header, Footer, HomePage, ArticleCard, CategoryTabs, ArticlePage;
// CSS module classes are "<File>_<class>", see pwa/vite.config.ts), so when the app renders the
// same page over it nothing moves. Change both together. (The article page's row of reader
// actions is drawn inert and unseen, with the app's buttons' boxes, so it wraps into as many lines
// as the app's row will: its buttons work only once the app runs. The cards' bookmark buttons come
// with the app, into the room ArticleCard_link keeps for them.)
import type { Article } from '@fw/contracts';
import { HOME_TABS, INDEX_TAB } from '@fw/contracts/categories';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { ARTICLE_MISSING, CONTACT_EMAIL, SITE_NAME, TAGLINE } from '@fw/contracts/pages';

type Summary = Omit<Article, 'content'>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text (or an attribute value) made safe to place in HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** icons.tsx's SearchIcon. */
const SEARCH_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path></svg>';
/** icons.tsx's BookmarkIcon (the header's Saved link shows only it on phones). */
const BOOKMARK_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M6 3h12v18l-6-4.5L6 21V3Z" fill="none"></path></svg>';
/** icons.tsx's NoteIcon (the header's My notes link shows only it on phones). */
const NOTE_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 4h14v12H9l-4 4z"></path><path d="M9 8h6M9 12h4"></path></svg>';
const SKELETON_CARDS = 8;

function header(current: 'home' | 'none'): string {
  // Header.tsx's Home link, as NavLink marks it when it is the page shown.
  const home = current === 'home' ? 'class="Header_home active" aria-current="page"' : 'class="Header_home"';
  return `<header class="Header_header"><div class="Header_inner">
<a class="Header_brand" aria-label="${SITE_NAME}" href="/"><img src="/logo.svg" alt="" width="32" height="32"><span>${SITE_NAME}</span></a>
<nav aria-label="Main" class="Header_nav"><a ${home} href="/">Home</a><a href="/family">Family</a><a href="/about-us">About Us</a><a class="Header_saved" href="/saved">${BOOKMARK_ICON}<span class="Header_savedLabel">Saved</span></a><a class="Header_saved" href="/notes">${NOTE_ICON}<span class="Header_savedLabel">My notes</span></a></nav>
<a class="Header_adminButton" href="/admin">Login</a></div></header>`;
}

function footer(): string {
  const featured = FEATURED_ARTICLES.map(
    (a) => `<li><a href="/article/${a.id}">${escapeHtml(a.title)}</a></li>`,
  ).join('');
  return `<footer class="Footer_footer"><div class="Footer_inner">
<section aria-labelledby="footer-quick"><h2 id="footer-quick">Quick links</h2><ul><li><a href="/">Home</a></li><li><a href="/family">Family</a></li><li><a href="/about-us">About Us</a></li><li><a href="/daily">Daily text</a></li><li><a href="/plans">Reading plans</a></li></ul></section>
<section aria-labelledby="footer-featured"><h2 id="footer-featured">Featured</h2><ul>${featured}</ul></section>
<section aria-labelledby="footer-help"><h2 id="footer-help">Help</h2><ul><li><a href="/admin">Admin</a></li><li><a href="/register">Register</a></li><li><a href="mailto:${CONTACT_EMAIL}">Contact us</a></li></ul></section>
</div><p class="Footer_small">${SITE_NAME}: Bible-based articles for families.</p></footer>`;
}

/** The public layout around a page's main content. */
export function layout(main: string, current: 'home' | 'none' = 'none'): string {
  return `<a href="#main" class="skip-link">Skip to content</a>${header(current)}<main id="main" tabindex="-1">${main}</main>${footer()}`;
}

function badge(category: string): string {
  if (!category) return '';
  return `<span class="CategoryBadge_badge CategoryBadge_${escapeHtml(category.toLowerCase())}">${escapeHtml(category)}</span>`;
}

/** One button of ArticlePage's row: its classes, an icon's box and its word (no icon drawn). */
const action = (classes: string, word: string) =>
  `<button type="button" class="${classes} reader-action_action" disabled><svg width="20" height="20" aria-hidden="true"></svg><span>${word}</span></button>`;

/**
 * The room of ArticlePage's row of actions (Save, Share, Listen, Notes, text size), as the app
 * draws them with nothing saved or noted yet. The boxes are the app's, so the row wraps the same at
 * every width; ReaderActions.module.css keeps an inert row unseen, and without JavaScript it takes
 * no room at all. Nothing in it can be reached or pressed.
 */
const READER_ACTIONS_ROOM = `<div class="ReaderActions_toolbar" aria-hidden="true" inert>${action('ReaderActions_action', 'Save')}${action('ReaderActions_action', 'Share')}${action('ListenControl_action', 'Listen')}${action('study_action', 'Notes')}<fieldset class="ReaderActions_sizes" disabled><legend class="visually-hidden">Text size</legend>${'<label class="ReaderActions_size"><span aria-hidden="true">A</span></label>'.repeat(4)}</fieldset></div>`;

/** Matches ArticlePage's long date; the app shows it in the reader's own locale once it runs. */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * `article.content` is HTML the server sanitised with its allow-list before storing it. A page the
 * app never takes over (a draft's preview) leaves out the room of the actions, `withActions: false`.
 */
export function articleMarkup(article: Article, { withActions = true } = {}): string {
  return `<article class="ArticlePage_article"><header class="ArticlePage_header">${badge(article.category)}
<h1>${escapeHtml(article.title)}</h1><p class="ArticlePage_subtitle">${escapeHtml(article.subtitle)}</p>
<p class="ArticlePage_date">${longDate(article.createdAt)}</p></header>
${withActions ? READER_ACTIONS_ROOM : ''}
<div class="ArticlePage_content article-content">${article.content}</div></article>`;
}

export function articleMissingMarkup(): string {
  return `<div class="page"><div class="empty-state" data-testid="article-missing"><h1>${ARTICLE_MISSING.heading}</h1>
<p>${ARTICLE_MISSING.text}</p><a href="/">Browse the articles on this device</a></div></div>`;
}

export function notFoundMarkup(): string {
  return `<div class="page empty-state"><h1>Page not found</h1><p>There is nothing at this address.</p><a href="/">Go to the home page</a></div>`;
}

function card(article: Summary): string {
  return `<li class="ArticleCard_card"><a class="ArticleCard_link" data-testid="article-card" href="/article/${article._id}">${badge(article.category)}
<h3 class="ArticleCard_title">${escapeHtml(article.title)}</h3><p class="ArticleCard_subtitle">${escapeHtml(article.subtitle)}</p></a></li>`;
}

/** The home page's first screen: hero, tabs and the newest cards (or skeletons while none). */
export function homeMarkup(articles: Summary[]): string {
  const tabs = HOME_TABS.map(
    (tab) =>
      `<button id="tab-${tab}" role="tab" type="button" aria-selected="${tab === INDEX_TAB}" aria-controls="category-panel" tabindex="${tab === INDEX_TAB ? 0 : -1}" class="CategoryTabs_tab">${tab}</button>`,
  ).join('');
  const cards = articles.length
    ? `<ul class="HomePage_grid">${articles.map(card).join('')}</ul>`
    : `<ul class="HomePage_grid" aria-busy="true" aria-label="Loading articles">${'<li class="ArticleCard_card ArticleCard_skeleton" aria-hidden="true"></li>'.repeat(SKELETON_CARDS)}</ul>`;
  return `<section class="HomePage_hero"><h1 class="HomePage_heading">${SITE_NAME}</h1><p class="HomePage_tagline">${TAGLINE}</p>
<form role="search" class="HomePage_search" action="/"><label for="search-input" class="visually-hidden">Search articles</label>
<input id="search-input" type="search" required placeholder="Search articles..."><button type="submit">${SEARCH_ICON} Search</button></form></section>
<div class="page"><h2 class="visually-hidden">Articles</h2><div role="tablist" aria-label="Categories" class="CategoryTabs_tabs">${tabs}</div>
<div id="category-panel" role="tabpanel" aria-labelledby="tab-${INDEX_TAB}">${cards}</div></div>`;
}
