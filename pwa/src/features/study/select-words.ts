// Selecting an article's words with the keys alone (SelectWords.tsx draws the control): which key
// does what, and each step computed on the article's reading text (lib/dom-text.ts), the text
// highlights anchor to. Steps go from word to word and sentence to sentence as read aloud
// (lib/speech-text.ts), so a punctuation mark or a paragraph break is never a step of its own and
// a selection never runs out of the article. Pure functions: the component reads the DOM.
import type { TextSpan } from '../../lib/dom-text.ts';

export type SelectStep =
  | 'next-word'
  | 'previous-word'
  | 'next-sentence'
  | 'previous-sentence'
  | 'more-words'
  | 'fewer-words'
  | 'more-sentences'
  | 'fewer-sentences';

export type SelectKey = SelectStep | 'choose' | 'leave';

interface KeyPress {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const ARROWS: Record<string, [move: SelectStep, extend: SelectStep]> = {
  ArrowRight: ['next-word', 'more-words'],
  ArrowLeft: ['previous-word', 'fewer-words'],
  ArrowDown: ['next-sentence', 'more-sentences'],
  ArrowUp: ['previous-sentence', 'fewer-sentences'],
};

/** What a key does while selecting, or null for a key left to the browser (Shift+Tab, PageDown…). */
export function selectKey({ key, shiftKey, altKey, ctrlKey, metaKey }: KeyPress): SelectKey | null {
  if (altKey || ctrlKey || metaKey) return null;
  if (key === 'Escape') return shiftKey ? null : 'leave';
  if (key === 'Enter' || key === 'Tab') return shiftKey ? null : 'choose';
  const arrow = ARROWS[key];
  return arrow ? arrow[shiftKey ? 1 : 0] : null;
}

/**
 * The words of a reading text: runs of letters and digits, kept whole across an apostrophe, a
 * hyphen, a colon, a point or a comma between two of them ("don't", "well-known", "3:16", "1,000").
 */
export function wordSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’:.,\-–][\p{L}\p{N}\p{M}]+)*/gu)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

export interface TextParts {
  words: readonly TextSpan[];
  sentences: readonly TextSpan[];
}

/** The last item matching `test` (Array.prototype.findLast is newer than the build's target). */
function findLast<T>(list: readonly T[], test: (item: T) => boolean): T | undefined {
  const index = lastIndex(list, test);
  return index >= 0 ? list[index] : undefined;
}

function lastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (test(list[i]!)) return i;
  return -1;
}

function firstWordFrom(words: readonly TextSpan[], at: number): TextSpan | undefined {
  return words.find((w) => w.start >= at);
}

/** The sentence holding `at` (or the last one starting before it). */
function sentenceAt(sentences: readonly TextSpan[], at: number): number {
  return lastIndex(sentences, (s) => s.start <= at);
}

/**
 * The selection after `step` from `current`, or null where there is nowhere to go (the article's
 * first or last word, or one word left). Moves select one word; Shift steps move the end only,
 * and never past the start: the fewest is the first word.
 */
export function stepSelection({ words, sentences }: TextParts, current: TextSpan, step: SelectStep): TextSpan | null {
  const one = (w: TextSpan | undefined) => (w ? { start: w.start, end: w.end } : null);
  const to = (end: number | undefined) => (end === undefined ? null : { start: current.start, end });
  switch (step) {
    case 'next-word':
      return one(words.find((w) => w.start > current.start));
    case 'previous-word':
      return one(findLast(words, (w) => w.start < current.start));
    case 'next-sentence': {
      const next = sentences.find((s) => s.start > current.start);
      return next ? one(firstWordFrom(words, next.start)) : null;
    }
    case 'previous-sentence': {
      const index = sentenceAt(sentences, current.start);
      const own = index >= 0 ? firstWordFrom(words, sentences[index]!.start) : undefined;
      // Inside a sentence: back to its first word; at its first word: to the sentence before.
      if (own && own.start < current.start) return one(own);
      return index > 0 ? one(firstWordFrom(words, sentences[index - 1]!.start)) : null;
    }
    case 'more-words':
      return to(words.find((w) => w.end > current.end)?.end);
    case 'fewer-words': {
      // The last word goes (with any full stop after it), back to the end of the one before.
      const last = lastIndex(words, (w) => w.start < current.end);
      const before = words[last - 1];
      return before && before.start >= current.start ? to(before.end) : null;
    }
    case 'more-sentences':
      return to(sentences.find((s) => s.end > current.end)?.end);
    case 'fewer-sentences': {
      // Back to the end of the sentence before the end, or to the first word at the least.
      const first = firstWordFrom(words, current.start)?.end ?? current.end;
      const end = findLast(sentences, (s) => s.end < current.end && s.end > first)?.end ?? first;
      return end < current.end ? to(end) : null;
    }
  }
}

/** Which edge a step that went nowhere ran into, to say so. */
export function edgeMessage(step: SelectStep): string {
  if (step === 'fewer-words' || step === 'fewer-sentences') return 'Only one word is selected.';
  return step.startsWith('previous') ? 'This is the start of the article.' : 'This is the end of the article.';
}

/**
 * Where a keyboard selection starts: the first block (paragraph, heading) whose top is in view,
 * else the block running over the top of the view (a long paragraph being read), else the first.
 * `tops` are the blocks' tops in reading order, in the viewport's coordinates.
 */
export function startBlock(tops: readonly number[], viewTop: number, viewBottom: number): number {
  const shown = tops.findIndex((top) => top >= viewTop && top < viewBottom);
  if (shown >= 0) return shown;
  const above = lastIndex(tops, (top) => top < viewTop);
  return Math.max(0, above);
}

interface Box {
  top: number;
  bottom: number;
}

/** How far to scroll so `target` shows between the view's top and bottom, `margin` inside them. */
export function scrollDelta(target: Box, view: Box, margin: number): number {
  if (target.top >= view.top + margin && target.bottom <= view.bottom - margin) return 0;
  if (target.top < view.top + margin || target.bottom - target.top > view.bottom - view.top - 2 * margin) {
    return target.top - view.top - margin;
  }
  return target.bottom - view.bottom + margin;
}

/** Words of a long selection said at each end (the middle is left out). */
const SAID_WORDS_EACH_END = 5;

/** What a screen reader says for the selected words: all of a short selection, the ends of a long one. */
export function selectionMessage(exact: string): string {
  const words = wordSpans(exact);
  const count = words.length;
  let said = exact;
  if (count > 2 * SAID_WORDS_EACH_END + 1) {
    const head = exact.slice(0, words[SAID_WORDS_EACH_END - 1]!.end);
    const tail = exact.slice(words[count - SAID_WORDS_EACH_END]!.start);
    said = `${head} … ${tail}`;
  }
  return count > 1 ? `“${said}”, ${count} words` : `“${said}”`;
}
