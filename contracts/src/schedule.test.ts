import { describe, expect, it } from 'vitest';
import { LESSON_CURRENT_DAYS, lessonDay, lessonExtras, lessonsToShow, type Lesson } from './lessons.ts';

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
