// Citation links and ranges: the one way a passage is written down, read back the same.
import { describe, expect, it } from 'vitest';
import { formatRange, parseOsis, rangeFromHref, rangesOverlap, scriptureHref } from './bible.ts';

describe('passages', () => {
  it.each([
    ['John.3.16', '/bible/john/3#v16', 'John 3:16'],
    ['John.3.16-John.3.18', '/bible/john/3#v16-18', 'John 3:16-18'],
    ['Ps.23', '/bible/psalms/23', 'Psalm 23'],
    ['1Cor.13.4-1Cor.13.7', '/bible/1-corinthians/13#v4-7', '1 Corinthians 13:4-7'],
    ['Matt.24.14-Matt.25.2', '/bible/matthew/24#v14-25:2', 'Matthew 24:14-25:2'],
  ])('%s is linked as %s and read back as %s', (osis, href, words) => {
    const range = parseOsis(osis)!;
    expect(scriptureHref(range)).toBe(href);
    expect(formatRange(rangeFromHref(href)!)).toBe(words);
  });

  it('refuses links to books or chapters that do not exist', () => {
    expect(rangeFromHref('/bible/john/22')).toBeNull();
    expect(rangeFromHref('/bible/hezekiah/1')).toBeNull();
    expect(rangeFromHref('/bible/john/3#v16"x')).toBeNull();
    expect(parseOsis('Tob.1.1')).toBeNull();
  });

  it('overlaps when a verse is shared; a chapter holds all its verses', () => {
    const john3 = (href: string) => rangeFromHref(`/bible/john/3${href}`)!;
    expect(rangesOverlap(john3('#v14-18'), john3('#v16'))).toBe(true);
    expect(rangesOverlap(john3('#v14-18'), john3('#v19'))).toBe(false);
    expect(rangesOverlap(john3(''), john3('#v36'))).toBe(true);
    expect(rangesOverlap(john3('#v16'), rangeFromHref('/bible/1-john/3#v16')!)).toBe(false);
  });
});
