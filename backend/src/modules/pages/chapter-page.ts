// The chapter reader's first screen, /bible/<book>/<chapter>, drawn by the server for a first
// visit from the same per-book files the app reads (the PWA build writes them with
// `bible-manifest.json`, pwa/vite-plugins/bible.ts). Copies ChapterPage's markup and classes.
// Cost per request: none beyond memory once a book has been read; a few recent books are kept.
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  BIBLE_BOOKS,
  bookBySlug,
  chapterPath,
  formatRange,
  type BibleBook,
  type BibleBookFile,
  type BibleManifest,
} from '@fw/contracts/bible';
import { SITE_NAME, type FirstPaintData, type PageMeta } from '@fw/contracts/pages';
import { escapeHtml } from './page-markup.ts';

const BOOKS_KEPT = 8;
/** A preview's description: the chapter's opening words, cut at about this length. */
const DESCRIPTION_CHARS = 160;

export interface ChapterPage {
  meta: PageMeta;
  main: string;
  data: FirstPaintData;
}

const chapterName = (book: BibleBook, chapter: number) => formatRange({ book, chapter, endChapter: chapter });

function neighbour(book: BibleBook, chapter: number, step: 1 | -1): { book: BibleBook; chapter: number } | null {
  if (chapter + step >= 1 && chapter + step <= book.chapters) return { book, chapter: chapter + step };
  const next = BIBLE_BOOKS[BIBLE_BOOKS.indexOf(book) + step];
  return next ? { book: next, chapter: step === 1 ? 1 : next.chapters } : null;
}

function markup(book: BibleBook, chapter: number, verses: string[], heading: string | undefined, translation: string): string {
  const before = neighbour(book, chapter, -1);
  const after = neighbour(book, chapter, 1);
  const link = (to: { book: BibleBook; chapter: number } | null, rel: string, label: (n: string) => string) =>
    to ? `<a href="${chapterPath(to.book, to.chapter)}" rel="${rel}">${label(chapterName(to.book, to.chapter))}</a>` : '';
  const step = (to: { book: BibleBook; chapter: number } | null, word: string, arrow: string) =>
    to
      ? `<a class="ChapterPage_step" href="${chapterPath(to.book, to.chapter)}" aria-label="${word} chapter: ${chapterName(to.book, to.chapter)}">${arrow}</a>`
      : '<span class="ChapterPage_step"></span>';
  const items = verses
    .map(
      (text, i) =>
        `<li id="v${i + 1}" value="${i + 1}"><button type="button" class="ChapterPage_number" data-n="${i + 1}" aria-label="Verse ${i + 1}" aria-pressed="false"></button> <span class="ChapterPage_words">${escapeHtml(text)}</span></li>`,
    )
    .join('');
  // The app's bar (sticky, with the picker's button) and its line with the translation, so the
  // page does not move when the app takes over.
  return `<article class="ChapterPage_reader" data-testid="chapter-reader"><header class="ChapterPage_top"><div class="ChapterPage_bar">${step(before, 'Previous', '‹')}
<h1 class="ChapterPage_title">${chapterName(book, chapter)}</h1><button type="button" class="ChapterPage_pick" aria-label="Books and chapters" aria-expanded="false">Books<span class="ChapterPage_wide"> and chapters</span></button>${step(after, 'Next', '›')}</div></header>
<div class="ChapterPage_actions"><p class="ChapterPage_translation">${escapeHtml(translation)}</p></div>${heading ? `<p class="ChapterPage_heading">${escapeHtml(heading)}</p>` : ''}
<p class="ChapterPage_hint">Tap a verse to highlight it, add a note or share it.</p>
<ol class="ChapterPage_verses">${items}</ol>
<nav class="ChapterPage_nav" aria-label="Chapters">${link(before, 'prev', (n) => `← ${n}`) || '<span></span>'}${link(after, 'next', (n) => `${n} →`)}</nav></article>`;
}

/**
 * The chapter a `/bible/<slug>/<chapter>` address names, however it is written (`JOHN`, `03`),
 * with its one canonical path; null when it names no chapter.
 */
export function chapterOf(slug: string, chapterText: string): { book: BibleBook; chapter: number; path: string } | null {
  const book = bookBySlug(slug);
  const chapter = Number(chapterText);
  if (!book || !/^\d{1,4}$/.test(chapterText) || chapter < 1 || chapter > book.chapters) return null;
  return { book, chapter, path: chapterPath(book, chapter) };
}

export function chapterPages(dir: string) {
  let manifest: Promise<BibleManifest | null> | null = null;
  const books = new Map<string, Promise<BibleBookFile>>();

  const readManifest = () =>
    (manifest ??= fs
      .readFile(path.join(dir, 'bible-manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as BibleManifest)
      // A build without the Bible: chapter pages are drawn by the app alone.
      .catch(() => null));

  function readBook(file: string): Promise<BibleBookFile> {
    let book = books.get(file);
    if (!book) {
      book = fs.readFile(path.join(dir, file), 'utf8').then((text) => JSON.parse(text) as BibleBookFile);
      book.catch(() => books.delete(file));
      books.set(file, book);
      if (books.size > BOOKS_KEPT) books.delete(books.keys().next().value!);
    }
    return book;
  }

  /** The page of `/bible/<slug>/<chapter>`; null when there is no such chapter (a 404). */
  return async function chapterPage(slug: string, chapterText: string): Promise<ChapterPage | null> {
    const named = chapterOf(slug, chapterText);
    if (!named) return null;
    const { book, chapter } = named;
    const list = await readManifest();
    const entry = list?.books[book.osis];
    if (!list || !entry) return null;
    const file = await readBook(entry.file.replace(/^\//, ''));
    const verses = file.chapters[chapter - 1] ?? [];
    const heading = file.headings?.[String(chapter)];
    const opening = verses.join(' ');
    const description = opening.length > DESCRIPTION_CHARS ? `${opening.slice(0, DESCRIPTION_CHARS).replace(/\s+\S*$/, '')}…` : opening;
    return {
      meta: { title: `${chapterName(book, chapter)} · ${SITE_NAME}`, description },
      main: markup(book, chapter, verses, heading, list.translation.name),
      data: { page: 'chapter', osis: book.osis, chapter, verses, ...(heading ? { heading } : {}) },
    };
  };
}
