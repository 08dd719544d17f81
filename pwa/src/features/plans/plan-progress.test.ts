// @vitest-environment node
// Where a reader stands in a plan: today's day by the device's calendar, missed days, progress,
// the streak, shifting the plan to today, and what reaching the end of a chapter counts for.
import { describe, expect, it } from 'vitest';
import type { PlanProgress } from '../../db/db.ts';
import {
  addDays,
  daysBetween,
  dayOf,
  dueReadingIn,
  nextReading,
  planStatus,
  readingKey,
  shiftedStart,
  streakOf,
  withDone,
  withoutDone,
} from './plan-progress.ts';

const DAYS = [['Gen.1', 'Gen.2'], ['Gen.3'], ['Gen.4', 'Gen.5'], ['Gen.6']];
const progress = (change: Partial<PlanProgress> = {}): PlanProgress => ({
  _id: '64f0000000000000000000c1',
  planId: 'test',
  title: 'Test plan',
  startDate: '2026-03-01',
  done: [],
  readOn: [],
  createdAt: 1,
  updatedAt: 1,
  ...change,
});

describe('calendar days', () => {
  it('counts days by the calendar, across a change of clocks', () => {
    // London's clocks go forward on 2026-03-29 and back on 2026-10-25: those days are 23 and 25 hours.
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      expect(new Date(2026, 2, 30).getTimezoneOffset()).toBe(-60);
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
      expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
      expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(dayOf(new Date(2026, 2, 29, 23, 59))).toBe('2026-03-29');
  });
});

describe('plan status', () => {
  it('is on day 0 the day it starts, with nothing missed', () => {
    const status = planStatus(progress(), DAYS, '2026-03-01');
    expect(status).toMatchObject({ todayIndex: 0, missed: [], percent: 0, finished: false, streak: 0 });
  });

  it('lists earlier days not fully read as missed, and counts readings for the percentage', () => {
    const p = progress({ done: [readingKey(0, 'Gen.1'), readingKey(1, 'Gen.3')] });
    const status = planStatus(p, DAYS, '2026-03-03');
    expect(status.todayIndex).toBe(2);
    expect(status.missed).toEqual([0]);
    expect(status.percent).toBe(33);
  });

  it('is finished when every reading is done, whatever the date', () => {
    const all = DAYS.flatMap((day, i) => day.map((osis) => readingKey(i, osis)));
    expect(planStatus(progress({ done: all }), DAYS, '2026-03-02')).toMatchObject({ finished: true, percent: 100 });
  });
});

describe('streak', () => {
  it('counts days in a row ending today, or yesterday while today is still to read', () => {
    expect(streakOf(['2026-03-01', '2026-03-02', '2026-03-03'], '2026-03-03')).toBe(3);
    expect(streakOf(['2026-03-01', '2026-03-02'], '2026-03-03')).toBe(2);
    expect(streakOf(['2026-03-01', '2026-03-03'], '2026-03-03')).toBe(1);
    expect(streakOf(['2026-03-01'], '2026-03-03')).toBe(0);
  });

  it('marking readings adds the day once, and keeps the day each reading was marked on', () => {
    const once = withDone(progress(), [readingKey(0, 'Gen.1')], '2026-03-01', 50);
    const twice = withDone(once, [readingKey(0, 'Gen.2')], '2026-03-02', 60);
    expect(twice).toMatchObject({ readOn: ['2026-03-01', '2026-03-02'], done: ['0:Gen.1', '0:Gen.2'], updatedAt: 60 });
    expect(twice.markedOn).toEqual({ '0:Gen.1': '2026-03-01', '0:Gen.2': '2026-03-02' });
    // Marking a reading done already changes nothing, not even the day it was marked.
    expect(withDone(twice, [readingKey(0, 'Gen.1')], '2026-03-03', 70)).toBe(twice);
  });

  it('a mark given today by mistake and taken back leaves the streak as it was', () => {
    const before = withDone(withDone(progress(), [readingKey(0, 'Gen.1')], '2026-03-01', 50), [readingKey(0, 'Gen.2')], '2026-03-02', 60);
    expect(planStatus(before, DAYS, '2026-03-03').streak).toBe(2);
    const mistaken = withDone(before, [readingKey(1, 'Gen.3')], '2026-03-03', 70);
    expect(planStatus(mistaken, DAYS, '2026-03-03').streak).toBe(3);
    const taken = withoutDone(mistaken, [readingKey(1, 'Gen.3')], 80);
    expect(taken).toMatchObject({ done: before.done, readOn: before.readOn, markedOn: before.markedOn, updatedAt: 80 });
    expect(planStatus(taken, DAYS, '2026-03-03').streak).toBe(2);
  });

  it('taking marks back makes the readings due again; a day counts while a reading marked on it is still marked', () => {
    const marked = withDone(withDone(progress(), [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')], '2026-03-01', 50), [readingKey(1, 'Gen.3')], '2026-03-02', 60);
    const dayTaken = withoutDone(marked, [readingKey(1, 'Gen.3')], 70);
    expect(dayTaken).toMatchObject({ done: ['0:Gen.1', '0:Gen.2'], readOn: ['2026-03-01'], updatedAt: 70 });
    expect(planStatus(dayTaken, DAYS, '2026-03-02')).toMatchObject({ todayIndex: 1, missed: [], percent: 33, finished: false, streak: 1 });
    expect(dueReadingIn(dayTaken, DAYS, '2026-03-02', 'Gen', 3)).toMatchObject({ day: 1, osis: 'Gen.3' });
    // One of day 1's two marks taken back: the other still counts the day.
    expect(withoutDone(dayTaken, [readingKey(0, 'Gen.1')], 80)).toMatchObject({ done: ['0:Gen.2'], readOn: ['2026-03-01'], markedOn: { '0:Gen.2': '2026-03-01' } });
    expect(withoutDone(dayTaken, [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')], 80)).toMatchObject({ done: [], readOn: [], markedOn: {}, updatedAt: 80 });
  });

  it('an older record, which does not know the day of its marks, keeps its days when one is taken back', () => {
    const older = progress({ done: [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')], readOn: ['2026-03-01', '2026-03-02'] });
    expect(withoutDone(older, [readingKey(0, 'Gen.2')], 70)).toMatchObject({ done: ['0:Gen.1'], readOn: ['2026-03-01', '2026-03-02'], markedOn: {} });
    // A mark given on it now is known, and taken back it takes its own day out, not the older ones.
    const mistaken = withDone(older, [readingKey(1, 'Gen.3')], '2026-03-03', 80);
    expect(mistaken.markedOn).toEqual({ '1:Gen.3': '2026-03-03' });
    expect(withoutDone(mistaken, [readingKey(1, 'Gen.3')], 90)).toMatchObject({ readOn: ['2026-03-01', '2026-03-02'], done: older.done });
  });

  it('the day of a reading not done any more (left by an older app) keeps no day and goes at the next change', () => {
    const left = progress({
      done: [readingKey(0, 'Gen.1'), readingKey(1, 'Gen.3')],
      readOn: ['2026-03-01', '2026-03-02'],
      markedOn: { '0:Gen.1': '2026-03-01', '1:Gen.3': '2026-03-02', '2:Gen.4': '2026-03-02' },
    });
    const taken = withoutDone(left, [readingKey(1, 'Gen.3')], 70);
    expect(taken).toMatchObject({ readOn: ['2026-03-01'], markedOn: { '0:Gen.1': '2026-03-01' } });
    expect(withDone(left, [readingKey(2, 'Gen.5')], '2026-03-03', 70).markedOn).toEqual({ '0:Gen.1': '2026-03-01', '1:Gen.3': '2026-03-02', '2:Gen.5': '2026-03-03' });
  });
});

describe('catching up and shifting', () => {
  it('shifting makes the oldest missed day today, and leaves done readings done', () => {
    const p = progress({ done: [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')] });
    // Day 0 read, days 1 and 2 missed: today (day 3) becomes day 1.
    const start = shiftedStart(p, DAYS, '2026-03-04');
    expect(start).toBe('2026-03-03');
    const after = planStatus({ ...p, startDate: start }, DAYS, '2026-03-04');
    expect(after).toMatchObject({ todayIndex: 1, missed: [] });
  });

  it('a chapter counts for the oldest reading due in it, never one still ahead', () => {
    const p = progress({ done: [readingKey(0, 'Gen.1')] });
    expect(dueReadingIn(p, DAYS, '2026-03-02', 'Gen', 2)).toMatchObject({ day: 0, osis: 'Gen.2' });
    expect(dueReadingIn(p, DAYS, '2026-03-02', 'Gen', 3)).toMatchObject({ day: 1, osis: 'Gen.3', href: '/bible/genesis/3' });
    expect(dueReadingIn(p, DAYS, '2026-03-02', 'Gen', 4)).toBeNull();
    expect(dueReadingIn(p, DAYS, '2026-03-02', 'Gen', 1)).toBeNull();
  });

  it('finds a passage of a lesson inside its chapter', () => {
    const lesson = [['John.3.16-John.3.18', 'Ps.23']];
    expect(dueReadingIn(progress(), lesson, '2026-03-01', 'John', 3)).toMatchObject({ osis: 'John.3.16-John.3.18', href: '/bible/john/3#v16-18' });
  });

  it('the next reading is the first not done from a day on', () => {
    const p = progress({ done: [readingKey(0, 'Gen.1')] });
    expect(nextReading(p, DAYS, 0)?.osis).toBe('Gen.2');
    expect(nextReading(p, DAYS, 2)?.osis).toBe('Gen.4');
  });
});
