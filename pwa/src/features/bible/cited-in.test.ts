// @vitest-environment node
// "Cited in": the articles and lessons whose stored citations share a verse with the passage.
import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS } from '@fw/contracts/bible';
import type { ArticleSummary, LocalLesson } from '../../db/db.ts';
import { citingOf } from './cited-in.ts';

const john = BIBLE_BOOKS.find((b) => b.osis === 'John')!;
const article = (_id: string, title: string, createdAt: string, scripture?: string[]) =>
  ({ _id, title, createdAt, ...(scripture ? { scripture } : {}) }) as unknown as ArticleSummary;
const lesson = (date: string, osis: string) =>
  ({ _id: date, date, D: date, T: `Lesson ${date}`, R: 'text', scripture: { R1: [{ at: 0, end: 4, osis }] } }) as unknown as LocalLesson;

describe('cited in', () => {
  it('lists the articles (newest first) and lessons whose citations share a verse', () => {
    const articles = [
      article('64f0000000000000000000a1', 'Older', '2025-01-01', ['John.3.14-John.3.18']),
      article('64f0000000000000000000a2', 'Elsewhere', '2025-02-01', ['John.4.1-John.4.3', 'Gen.1.1']),
      article('64f0000000000000000000a3', 'Newer', '2025-03-01', ['Rom.8.28', 'John.3']),
      article('64f0000000000000000000a4', 'None', '2025-04-01'),
    ];
    const lessons = [lesson('2025-05-02', 'John.3.16'), lesson('2025-05-09', 'John.3.1-John.3.2')];
    const found = citingOf({ book: john, chapter: 3, endChapter: 3, verse: 16, endVerse: 16 }, articles, lessons);
    expect(found).toEqual([
      { kind: 'article', title: 'Newer', href: '/article/64f0000000000000000000a3' },
      { kind: 'article', title: 'Older', href: '/article/64f0000000000000000000a1' },
      { kind: 'lesson', title: 'Lesson 2025-05-02 (2025-05-02)', href: '/family' },
    ]);
  });
});
