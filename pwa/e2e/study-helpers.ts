// Helpers for the study tools' browser tests: selecting words in the article as a reader would,
// a stand-in for the device's speech engine (speechSynthesis), and a look at the highlights kept
// and drawn.
import type { Page } from 'playwright-core';
import { readStore } from './reader-helpers.ts';

export interface StoredHighlight {
  _id: string;
  articleId: string;
  color: string;
  note: string;
  quote: { exact: string };
  orphan?: 1;
  updatedAt: number;
}

/**
 * Selects the words as a reader's selection (a long press on a phone, caret browsing or a screen
 * reader's selection): the browser cannot be made to perform those gestures, so the Selection API
 * makes the same selection and fires the same selectionchange.
 */
export async function selectWords(page: Page, words: string): Promise<void> {
  await page.getByTestId('article-content').evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: [Text, number][] = [];
    let text = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push([n as Text, text.length]);
      text += (n as Text).data;
    }
    const at = text.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" is not in the article`);
    const locate = (pos: number): [Text, number] => {
      for (let i = nodes.length - 1; i >= 0; i -= 1) if (nodes[i]![1] <= pos) return [nodes[i]![0], pos - nodes[i]![1]];
      throw new Error('no text');
    };
    const [startNode, startOffset] = locate(at);
    const [endNode, endOffset] = locate(at + wanted.length - 1);
    const range = document.createRange();
    range.setStart(startNode, startOffset);
    range.setEnd(endNode, endOffset + 1);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, words);
}

export async function highlightsOf(page: Page, articleId?: string): Promise<StoredHighlight[]> {
  const all = await readStore<StoredHighlight>(page, 'highlights');
  return articleId ? all.filter((h) => h.articleId === articleId) : all;
}

/**
 * The reader's highlights drawn on the page (CSS Custom Highlight API, one Highlight per colour):
 * per colour name (`hl-green`), the text of each range, in reading order.
 */
export async function drawnHighlights(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    for (const [name, highlight] of (CSS as unknown as { highlights: Map<string, Set<AbstractRange>> }).highlights) {
      if (!name.startsWith('hl-')) continue;
      const texts = [...highlight].map((r) => {
        const range = document.createRange();
        range.setStart(r.startContainer, r.startOffset);
        range.setEnd(r.endContainer, r.endOffset);
        return { text: range.toString(), top: range.getBoundingClientRect().top + scrollY };
      });
      out[name] = texts.sort((a, b) => a.top - b.top).map((t) => t.text);
    }
    return out;
  });
}

/** The viewport box of the drawn range of colour `name` whose text is `text`, or null. */
export async function highlightBox(page: Page, name: string, text: string): Promise<{ x: number; y: number; width: number; height: number } | null> {
  return page.evaluate(
    ([name, text]) => {
      const highlight = (CSS as unknown as { highlights: Map<string, Set<AbstractRange>> }).highlights.get(name!);
      for (const r of highlight ?? []) {
        const range = document.createRange();
        range.setStart(r.startContainer, r.startOffset);
        range.setEnd(r.endContainer, r.endOffset);
        if (range.toString() !== text) continue;
        const rect = range.getClientRects()[0]!;
        return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
      }
      return null;
    },
    [name, text],
  );
}

/** A finger's tap on the middle of a drawn highlight's first line (scrolled into view first). */
export async function tapHighlight(page: Page, name: string, text: string): Promise<void> {
  let box = await highlightBox(page, name, text);
  if (!box) throw new Error(`No ${name} highlight on "${text}"`);
  const viewport = page.viewportSize()!;
  if (box.y < 80 || box.y + box.height > viewport.height - 80) {
    await page.evaluate((dy) => window.scrollBy(0, dy), box.y - viewport.height / 2);
    box = (await highlightBox(page, name, text))!;
  }
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Replaces speechSynthesis with a recorder: `__speech.spoken` lists what was handed to speak(),
 * `__speech.finish()` ends the utterance being spoken (as the voice reaching its end would), and
 * cancel() fails the current one with "canceled", as browsers do.
 */
export function stubSpeech(voices: { name: string; lang: string; localService: boolean; default: boolean }[]): void {
  interface Utterance {
    text: string;
    rate: number;
    onend: ((e: unknown) => void) | null;
    onerror: ((e: { error: string }) => void) | null;
  }
  const state = {
    spoken: [] as { text: string; rate: number }[],
    cancels: 0,
    current: null as Utterance | null,
    finish() {
      const u = state.current;
      state.current = null;
      u?.onend?.({});
    },
  };
  // A plain constructor: class fields would compile to helpers the page does not have.
  function FakeUtterance(this: Record<string, unknown>, text: string) {
    Object.assign(this, { text, rate: 1, voice: null, lang: '', onend: null, onerror: null });
  }
  const synth = Object.assign(new EventTarget(), {
    getVoices: () => voices.map((v) => ({ ...v, voiceURI: v.name })),
    speak(u: Utterance) {
      state.spoken.push({ text: u.text, rate: u.rate });
      state.current = u;
    },
    cancel() {
      state.cancels += 1;
      const u = state.current;
      state.current = null;
      u?.onerror?.({ error: 'canceled' });
    },
    pause() {},
    resume() {},
    speaking: false,
    paused: false,
    pending: false,
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  Object.assign(window, { __speech: state });
}

/** The words the read-aloud highlight covers now ('' when none). */
export function readAloudText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('read-aloud');
    return highlight ? [...highlight].map((r) => r.toString()).join('') : '';
  });
}

export function spoken(page: Page): Promise<{ text: string; rate: number }[]> {
  return page.evaluate(() => (window as unknown as { __speech: { spoken: { text: string; rate: number }[] } }).__speech.spoken);
}

export function finishUtterance(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { __speech: { finish: () => void } }).__speech.finish());
}
