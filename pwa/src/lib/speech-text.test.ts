// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitSentences, spokenText } from './speech-text.ts';

const sentences = (text: string, breaks: number[] = []) => splitSentences(text, breaks).map((s) => text.slice(s.start, s.end));

describe('reading aloud: citations as words', () => {
  it.each([
    ['Read John 3:16 tonight.', 'Read John chapter 3, verse 16 tonight.'],
    ['See 1 John 4:8.', 'See 1 John chapter 4, verse 8.'],
    ['Compare 1 Cor. 13:4-7 with Rom 5:8.', 'Compare 1 Corinthians chapter 13, verses 4 to 7 with Romans chapter 5, verse 8.'],
    ['Psalm 23:1, 2 is loved.', 'Psalm chapter 23, verses 1 and 2 is loved.'],
    ['Matt. 6:9, 10, 11', 'Matthew chapter 6, verses 9, 10 and 11'],
    ['Song of Solomon 2:4', 'Song of Solomon chapter 2, verse 4'],
  ])('%s', (written, spoken) => {
    expect(spokenText(written)).toBe(spoken);
  });

  it('leaves times and lower-case words alone', () => {
    expect(spokenText('We meet at 5:30 on Monday 7:15.')).toBe('We meet at 5:30 on Monday 7:15.');
    expect(spokenText('the job 3:16 run')).toBe('the job 3:16 run');
  });
});

describe('reading aloud: sentences', () => {
  it('splits at sentence ends, not inside citations or abbreviations', () => {
    expect(sentences('Love is patient. Read Matt. 5:3 today! Is it e.g. kind? "Yes." Done')).toEqual([
      'Love is patient.',
      'Read Matt. 5:3 today!',
      'Is it e.g. kind?',
      '"Yes."',
      'Done',
    ]);
  });

  it('ends a sentence at a block break (a heading without a full stop)', () => {
    const text = 'A heading Then the paragraph.';
    expect(sentences(text, [10])).toEqual(['A heading', 'Then the paragraph.']);
  });
});
