import { describe, expect, it } from 'vitest';
import {
  LESSON_CURRENT_DAYS,
  formatLessonDate,
  groupByMonth,
  isoDay,
  isoFromDay,
  lessonDay,
  lessonExtras,
  lessonsToShow,
  localDay,
  nextLessonDay,
  scheduleView,
  type Lesson,
} from './lessons.ts';
import { parseLessonImport } from './lesson-csv.ts';
import { LESSON_RULE_MESSAGES, checkImportRows } from './schedule.ts';

const lessons: Lesson[] = [
  { D: 'January 3, 2025', T: 'A', R: 'a' },
  { D: 'January 10, 2025', T: 'Broadcast', R: '' },
  { D: 'January 17, 2025', T: 'C', R: 'c', T1: 'C1', R1: 'c1', T3: 'C3', R3: 'c3' },
  { D: 'January 26, 2025', T: 'D', R: 'd' },
];
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('lessonsToShow', () => {
  it('shows the current lesson and every later one', () => {
    const { lessons: shown, hasCurrent } = lessonsToShow(lessons, at(2025, 1, 10));
    expect(hasCurrent).toBe(true);
    expect(shown.map((l) => l.D)).toEqual(['January 10, 2025', 'January 17, 2025', 'January 26, 2025']);
  });

  it(`keeps a lesson current through ${LESSON_CURRENT_DAYS} days after its date, inclusive`, () => {
    expect(lessonsToShow(lessons, at(2025, 1, 6, 23)).lessons[0]?.D).toBe('January 3, 2025');
    const gap = lessonsToShow(lessons, at(2025, 1, 7, 0));
    expect(gap.hasCurrent).toBe(false);
    expect(gap.lessons[0]?.D).toBe('January 10, 2025');
  });

  it('shows the next future lesson when none is current', () => {
    const { lessons: shown, hasCurrent } = lessonsToShow(lessons, at(2024, 12, 20));
    expect(hasCurrent).toBe(false);
    expect(shown).toHaveLength(4);
  });

  it('shows nothing after the end of the schedule', () => {
    expect(lessonsToShow(lessons, at(2025, 1, 30)).lessons).toEqual([]);
  });

  it('orders by date whatever the order of the data', () => {
    const shuffled = [lessons[3]!, lessons[0]!, lessons[2]!, lessons[1]!];
    expect(lessonsToShow(shuffled, at(2025, 1, 1)).lessons.map((l) => l.T)).toEqual(['A', 'Broadcast', 'C', 'D']);
  });
});

describe('lesson helpers', () => {
  it('parses the schedule date text', () => {
    expect(lessonDay('January 3, 2025')).toBe(Date.UTC(2025, 0, 3) / 86_400_000);
    expect(lessonDay('Smarch 3, 2025')).toBeNaN();
  });

  it('lists only the extra pairs that are present', () => {
    expect(lessonExtras(lessons[2]!)).toEqual([
      { title: 'C1', text: 'c1' },
      { title: 'C3', text: 'c3' },
    ]);
    expect(lessonExtras(lessons[0]!)).toEqual([]);
  });
});

describe('date rules across a year boundary and time zones', () => {
  const turn: Lesson[] = [
    { date: '2025-12-19', D: 'December 19, 2025', T: 'Dec 19', R: '' },
    { date: '2025-12-26', D: 'December 26, 2025', T: 'Dec 26', R: '' },
    { date: '2026-01-02', D: 'January 2, 2026', T: 'Jan 2', R: '' },
    { date: '2026-01-09', D: 'January 9, 2026', T: 'Jan 9', R: '' },
  ];
  const shownAt = (iso: string, zone: string) => scheduleView(turn, new Date(iso), zone);

  it('keeps the December 26 lesson current into the new year, through December 29', () => {
    const view = shownAt('2025-12-29T12:00:00Z', 'UTC');
    expect(view.hasCurrent).toBe(true);
    expect(view.lessons.map((l) => l.T)).toEqual(['Dec 26', 'Jan 2', 'Jan 9']);
    expect(view.past.map((l) => l.T)).toEqual(['Dec 19']);
  });

  it('shows January 2 as next on December 31, with last year in the archive, newest first', () => {
    const view = shownAt('2025-12-31T12:00:00Z', 'UTC');
    expect(view.hasCurrent).toBe(false);
    expect(view.lessons.map((l) => l.T)).toEqual(['Jan 2', 'Jan 9']);
    expect(view.past.map((l) => l.T)).toEqual(['Dec 26', 'Dec 19']);
    expect(groupByMonth(view.past).map((g) => g.month)).toEqual(['December 2025']);
  });

  it('uses the family’s own calendar day: one instant, two zones, two answers', () => {
    // 2026-01-01T20:00Z is already January 2 (09:00) in Auckland but still January 1 in Honolulu.
    const instant = '2026-01-01T20:00:00Z';
    expect(localDay(new Date(instant), 'Pacific/Auckland')).toBe(isoDay('2026-01-02'));
    expect(localDay(new Date(instant), 'Pacific/Honolulu')).toBe(isoDay('2026-01-01'));
    const auckland = shownAt(instant, 'Pacific/Auckland');
    const honolulu = shownAt(instant, 'Pacific/Honolulu');
    expect([auckland.hasCurrent, auckland.lessons[0]?.T]).toEqual([true, 'Jan 2']);
    expect([honolulu.hasCurrent, honolulu.lessons[0]?.T]).toEqual([false, 'Jan 2']);
    // December 26 + 3 days has ended in both.
    expect(auckland.past[0]?.T).toBe('Dec 26');
  });

  it('ends the current lesson at the end of its third day after, local midnight', () => {
    // 2025-12-29 23:59 in New York is 04:59 UTC on the 30th: still December 29 there.
    expect(shownAt('2025-12-30T04:59:00Z', 'America/New_York').lessons[0]?.T).toBe('Dec 26');
    expect(shownAt('2025-12-30T05:00:00Z', 'America/New_York').lessons[0]?.T).toBe('Jan 2');
  });

  it('finds next Friday from any weekday, across the year end', () => {
    expect(isoFromDay(nextLessonDay(isoDay('2025-12-27')))).toBe('2026-01-02');
    expect(isoFromDay(nextLessonDay(isoDay('2026-01-02')))).toBe('2026-01-02');
    expect(isoFromDay(nextLessonDay(isoDay('2025-12-31')))).toBe('2026-01-02');
  });

  it('accepts only real calendar dates', () => {
    expect(isoDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    expect(isoDay('2025-02-29')).toBeNaN();
    expect(isoDay('2025-13-01')).toBeNaN();
    expect(isoDay('2025-1-3')).toBeNaN();
    expect(formatLessonDate('2026-01-02')).toBe('January 2, 2026');
  });
});

describe('reading a pasted schedule', () => {
  it('reads tab- and comma-separated rows with their line numbers, a header, quotes and broadcast weeks', () => {
    const tsv = 'date\ttitle\ttext\n2026-01-02\tNew year\tRead Psalm 90\n\n2026-01-09\tBroadcast\t\n2026-01-16\tMain\tText\tExtra\tMore';
    const { rows, problems } = parseLessonImport(tsv);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { line: 2, date: '2026-01-02', broadcast: false, title: 'New year', text: 'Read Psalm 90', extras: [] },
      { line: 4, date: '2026-01-09', broadcast: true, title: '', text: '', extras: [] },
      { line: 5, date: '2026-01-16', broadcast: false, title: 'Main', text: 'Text', extras: [{ title: 'Extra', text: 'More' }] },
    ]);
    const csv = '"January 23, 2026","A ""quoted"" title","Line one\nline two"\n2026-01-30,Next,Text';
    const parsed = parseLessonImport(csv);
    expect(parsed.rows.map((r) => [r.line, r.date, r.title, r.text])).toEqual([
      [1, '2026-01-23', 'A "quoted" title', 'Line one\nline two'],
      [3, '2026-01-30', 'Next', 'Text'],
    ]);
  });

  it('names the line of a row it cannot read', () => {
    const { problems } = parseLessonImport(`2026-01-02,A,B\n2026-01-09,${'x,'.repeat(12)}x\n2026-01-16,"open`);
    expect(problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('flags a row with a title and no text, but passes a Broadcast week and a full row', () => {
    const text = ['2026-01-02\tNew year\tRead Psalm 90', '2026-01-09\tBroadcast\t', '2026-01-16\tCut short\t', '2026-01-23\tBroadcast\t\tExtra\tMore'].join('\n');
    const { lessons, problems } = checkImportRows(parseLessonImport(text).rows);
    expect(lessons.map((l) => l.line)).toEqual([1, 2]);
    expect(problems).toEqual([
      { line: 3, message: LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED },
      // A "Broadcast" title with extra topics is not a Broadcast week: a lesson, so it needs its text.
      { line: 4, message: LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED },
    ]);
  });
});
