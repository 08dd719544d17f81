// @vitest-environment node
// The built-in plans as the build makes them from the Bible package: every chapter once, in order,
// days of about the same length, and the lengths the plans promise.
import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS } from '@fw/contracts/bible';
import { builtInPlans } from '../../../vite-plugins/reading-plans.ts';
import { readBooks } from '../../../vite-plugins/bible.ts';
import { passageDays, splitEvenly } from './plan-days.ts';

const plans = await builtInPlans();
const books = await readBooks();
const versesOf = new Map<string, number>(books.flatMap((b) => b.chapters.map((v, i): [string, number] => [`${b.osis}.${i + 1}`, v.length])));
const plan = (id: string) => plans.find((p) => p.id === id)!;
const dayVerses = (day: string[]) => day.reduce((sum, osis) => sum + versesOf.get(osis)!, 0);

describe('built-in reading plans', () => {
  it('reads every chapter of the Bible exactly once, in order, in 365 days', () => {
    const whole = plan('bible-year');
    expect(whole.days).toHaveLength(365);
    const all = BIBLE_BOOKS.flatMap((b) => Array.from({ length: b.chapters }, (_, i) => `${b.osis}.${i + 1}`));
    expect(all).toHaveLength(1189);
    expect(whole.days.flat()).toEqual(all);
    expect(whole.days.every((day) => day.length > 0)).toBe(true);
  });

  it('balances the days by verses: none is further from the average than the longest chapter', () => {
    for (const id of ['bible-year', 'greek-scriptures-90']) {
      const { days } = plan(id);
      const sizes = days.map(dayVerses);
      const average = sizes.reduce((a, b) => a + b, 0) / sizes.length;
      const longest = Math.max(...days.flat().map((osis) => versesOf.get(osis)!));
      for (const size of sizes) expect(Math.abs(size - average)).toBeLessThanOrEqual(longest);
    }
  });

  it('reads Matthew to Revelation in 90 days', () => {
    const { days } = plan('greek-scriptures-90');
    expect(days).toHaveLength(90);
    const flat = days.flat();
    expect(flat[0]).toBe('Matt.1');
    expect(flat.at(-1)).toBe('Rev.22');
    expect(flat).toHaveLength(260);
  });

  it('reads the Psalms and a chapter of Proverbs each day for 31 days', () => {
    const { days } = plan('psalms-proverbs-month');
    expect(days).toHaveLength(31);
    days.forEach((day, i) => expect(day.filter((osis) => osis.startsWith('Prov.'))).toEqual([`Prov.${i + 1}`]));
    expect(days.flat().filter((osis) => osis.startsWith('Ps.'))).toEqual(Array.from({ length: 150 }, (_, i) => `Ps.${i + 1}`));
  });
});

describe('splitting into days', () => {
  it('gives every day at least one item, even when one item outweighs the rest', () => {
    expect(splitEvenly([100, 1, 1, 1], 3)).toEqual([1, 1, 2]);
    expect(splitEvenly([1, 1, 1, 100], 3)).toEqual([2, 1, 1]);
    expect(splitEvenly([5, 5, 5, 5, 5, 5], 3)).toEqual([2, 2, 2]);
  });

  it("spreads a lesson's passages over at most a week", () => {
    expect(passageDays(['John.3', 'Ps.23'], 7)).toEqual([['John.3'], ['Ps.23']]);
    expect(passageDays(Array.from({ length: 10 }, (_, i) => `Ps.${i + 1}`), 7).map((d) => d.length)).toEqual([1, 2, 1, 2, 1, 2, 1]);
    expect(passageDays([], 7)).toEqual([]);
  });
});
