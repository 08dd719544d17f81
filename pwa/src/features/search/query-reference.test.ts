// @vitest-environment node
// The query forms search reads as references without the full parser (query-reference.ts), and
// the queries it leaves to word search.
import { describe, expect, it } from 'vitest';
import { formatRange } from '@fw/contracts/bible';
import { normaliseQuery } from '@fw/contracts/text';
import { bookOf, readReferences } from './query-reference.ts';

const read = (query: string) => readReferences(normaliseQuery(query))?.map(formatRange) ?? null;

describe('a query read as references', () => {
  it('reads a verse, verses, a chapter and chapters, in the forms people type', () => {
    expect(read('John 3:16')).toEqual(['John 3:16']);
    expect(read('Jn 3 16')).toEqual(['John 3:16']);
    expect(read('jn 3.16')).toEqual(['John 3:16']);
    expect(read('1 Cor 13:4-7')).toEqual(['1 Corinthians 13:4-7']);
    expect(read('1cor 13:4–7')).toEqual(['1 Corinthians 13:4-7']);
    expect(read('I Corinthians 13')).toEqual(['1 Corinthians 13']);
    expect(read('Psalm 23')).toEqual(['Psalm 23']);
    expect(read('Ps 23-24')).toEqual(['Psalms 23-24']);
    expect(read('Gen 1:1-2:3')).toEqual(['Genesis 1:1-2:3']);
    expect(read('Song of Solomon 2:4')).toEqual(['Song of Solomon 2:4']);
    expect(read('Ruth 1:16')).toEqual(['Ruth 1:16']);
    expect(read('John 3:16; Rom 5:8')).toEqual(['John 3:16', 'Romans 5:8']);
  });

  it('leaves words, ambiguous names and impossible places to word search', () => {
    expect(read('lovingkindness')).toBeNull();
    expect(read('John 3:16 love')).toBeNull();
    expect(read('room 101')).toBeNull();
    expect(read('Jo 3:16')).toBeNull();
    expect(read('Ph 2:5')).toBeNull();
    expect(read('John 22')).toBeNull();
    expect(read('John 3:18-16')).toBeNull();
    expect(read('2025')).toBeNull();
  });

  it('knows a book by its name, its OSIS name, a usual abbreviation or an unambiguous start', () => {
    expect(bookOf('Revelation')?.osis).toBe('Rev');
    expect(bookOf('1Thess')?.osis).toBe('1Thess');
    expect(bookOf('Mt')?.osis).toBe('Matt');
    expect(bookOf('Philem')?.osis).toBe('Phlm');
    expect(bookOf('Phil')?.osis).toBe('Phil');
    expect(bookOf('Jud')).toBeUndefined();
  });
});
