// @vitest-environment node
// Selecting words with the keys: which key does what, each step over a reading text (words whole
// across "3:16" and "don't", sentences as read aloud, never a step onto a full stop or a paragraph
// break), where a selection starts, how far the page scrolls, and what a screen reader hears.
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../lib/speech-text.ts';
import { edgeMessage, scrollDelta, selectionMessage, selectKey, startBlock, stepSelection, wordSpans, type SelectStep } from './select-words.ts';

const press = (key: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
  selectKey({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...mods });

// As readDomText reads '<h2>Patience at home</h2><p>Love is patient. A patient reader…</p>…'.
const TEXT = "Patience at home Love is patient. A patient reader keeps reading. Read John 3:16 with your family, don't wait.";
const BREAKS = [TEXT.indexOf('Love'), TEXT.indexOf('Read')];
const parts = { words: wordSpans(TEXT), sentences: splitSentences(TEXT, BREAKS) };

function spanOf(words: string, from = 0) {
  const start = TEXT.indexOf(words, from);
  return { start, end: start + words.length };
}

function run(from: string, ...steps: SelectStep[]): string | null {
  let span: { start: number; end: number } | null = spanOf(from);
  for (const step of steps) {
    span = stepSelection(parts, span, step);
    if (!span) return null;
  }
  return TEXT.slice(span.start, span.end);
}

describe('selecting words with the keys', () => {
  it('maps arrows to moves, Shift+arrows to extending, Enter and Tab to the bar, Escape to leaving', () => {
    expect(press('ArrowRight')).toBe('next-word');
    expect(press('ArrowLeft')).toBe('previous-word');
    expect(press('ArrowDown')).toBe('next-sentence');
    expect(press('ArrowUp')).toBe('previous-sentence');
    expect(press('ArrowRight', { shiftKey: true })).toBe('more-words');
    expect(press('ArrowLeft', { shiftKey: true })).toBe('fewer-words');
    expect(press('ArrowDown', { shiftKey: true })).toBe('more-sentences');
    expect(press('ArrowUp', { shiftKey: true })).toBe('fewer-sentences');
    expect(press('Enter')).toBe('choose');
    expect(press('Tab')).toBe('choose');
    expect(press('Escape')).toBe('leave');
    // Left to the browser: leaving by Shift+Tab, scrolling, the browser's own shortcuts.
    expect(press('Tab', { shiftKey: true })).toBeNull();
    expect(press('PageDown')).toBeNull();
    expect(press('ArrowRight', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
    expect(press('a')).toBeNull();
  });

  it('reads words whole across an apostrophe, a colon or a hyphen, never punctuation alone', () => {
    const words = wordSpans("Read John 3:16, don't stop — well-known words.").map((w) => "Read John 3:16, don't stop — well-known words.".slice(w.start, w.end));
    expect(words).toEqual(['Read', 'John', '3:16', "don't", 'stop', 'well-known', 'words']);
  });

  it('moves one word at a time, over full stops and paragraph breaks', () => {
    expect(run('Patience', 'next-word')).toBe('at');
    expect(run('patient', 'next-word')).toBe('A');
    expect(run('home', 'next-word')).toBe('Love');
    expect(run('Love', 'previous-word')).toBe('home');
    expect(run('Patience', 'previous-word')).toBeNull();
    expect(run('wait', 'next-word')).toBeNull();
  });

  it('moves by sentence: a heading is one, and Up goes to the sentence’s start before the one before', () => {
    expect(run('Patience', 'next-sentence')).toBe('Love');
    expect(run('Love', 'next-sentence', 'next-sentence')).toBe('Read');
    expect(run('reader', 'previous-sentence')).toBe('A');
    expect(run('reader', 'previous-sentence', 'previous-sentence')).toBe('Love');
    expect(run('Patience', 'previous-sentence')).toBeNull();
    expect(run('wait', 'next-sentence')).toBeNull();
  });

  it('extends and shrinks the end by word and by sentence, never below the first word', () => {
    expect(run('Love', 'more-words', 'more-words')).toBe('Love is patient');
    expect(run('Love', 'more-words', 'more-words', 'more-words')).toBe('Love is patient. A');
    expect(run('Love', 'more-words', 'more-words', 'fewer-words')).toBe('Love is');
    expect(run('Love', 'fewer-words')).toBeNull();
    // A full stop is no word: the word before it goes with it.
    expect(run('Love', 'more-sentences', 'fewer-words')).toBe('Love is');
    expect(run('Love', 'more-sentences')).toBe('Love is patient.');
    expect(run('Love', 'more-sentences', 'more-sentences')).toBe('Love is patient. A patient reader keeps reading.');
    expect(run('is', 'more-sentences', 'more-sentences', 'fewer-sentences')).toBe('is patient.');
    expect(run('is', 'more-sentences', 'fewer-sentences')).toBe('is');
    expect(run('is', 'fewer-sentences')).toBeNull();
    expect(run('Read', 'more-words', 'more-words')).toBe('Read John 3:16');
    expect(run('wait', 'more-words')).toBeNull();
    expect(run('wait', 'more-sentences')).toBe("wait.");
  });

  it('says which edge a step ran into', () => {
    expect(edgeMessage('fewer-words')).toBe('Only one word is selected.');
    expect(edgeMessage('previous-sentence')).toBe('This is the start of the article.');
    expect(edgeMessage('more-words')).toBe('This is the end of the article.');
  });

  it('starts at the first block whose top is in view, else the one running over the top', () => {
    expect(startBlock([-400, -100, 120, 500], 80, 800)).toBe(2);
    // One long paragraph fills the screen: it is the one being read.
    expect(startBlock([-400, -100, 900], 80, 800)).toBe(1);
    // Scrolled past the article: its last block; not yet at it: its first.
    expect(startBlock([-900, -500], 80, 800)).toBe(1);
    expect(startBlock([900, 1200], 80, 800)).toBe(0);
  });

  it('scrolls only as far as needed to show the words, between the panel and the bar', () => {
    const view = { top: 100, bottom: 700 };
    expect(scrollDelta({ top: 300, bottom: 330 }, view, 16)).toBe(0);
    expect(scrollDelta({ top: 750, bottom: 780 }, view, 16)).toBe(96);
    expect(scrollDelta({ top: 90, bottom: 120 }, view, 16)).toBe(-26);
    // Taller than the view: its top at the top.
    expect(scrollDelta({ top: 400, bottom: 1400 }, view, 16)).toBe(284);
  });

  it('says a short selection whole and a long one by its ends, with how many words', () => {
    expect(selectionMessage('Love')).toBe('“Love”');
    expect(selectionMessage('Love is patient.')).toBe('“Love is patient.”, 3 words');
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    expect(selectionMessage(long)).toBe('“one two three four five … nine ten eleven twelve thirteen”, 13 words');
    expect(selectionMessage('one two three four five six seven eight nine ten eleven')).toBe(
      '“one two three four five six seven eight nine ten eleven”, 11 words',
    );
  });
});
