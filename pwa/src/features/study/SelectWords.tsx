// "Select words to highlight": the way to make a highlight without a pointer. Tab reaches it just
// before the article's text, where it shows at the top of the screen; Enter selects the first word
// of the paragraph at the top of the view (or keeps the words already selected) with the DOM
// Selection API, so the page's own path from a selection to the highlight bar does the rest
// (use-text-selection.ts). Keys while selecting are select-words.ts's; a live region says what is
// selected. Hidden until focused, it takes no room: touch and mouse readers never meet it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { HighlightColor } from '../../db/db.ts';
import { rangeOfSpan, readDomText, spanOfRange, type DomText, type TextSpan } from '../../lib/dom-text.ts';
import { splitSentences } from '../../lib/speech-text.ts';
import type { TextQuote } from './anchor.ts';
import { COLOR_LABELS } from './StudySheet.tsx';
import { edgeMessage, scrollDelta, selectionMessage, selectKey, startBlock, stepSelection, wordSpans, type SelectStep } from './select-words.ts';
import { selectedQuote } from './use-text-selection.ts';
import styles from './study.module.css';

/** Room kept at the foot of the screen for the highlight bar before it first shows. */
const BAR_ROOM_PX = 96;
/** Space kept between the selected words and the panel or bar over the text. */
const SCROLL_MARGIN_PX = 16;
const PANEL_GAP_PX = 8;

export interface KeyboardSelection {
  /** The control, the hint and the live region: drawn just before the article's text. */
  control: ReactNode;
  /** Escape in the highlight bar: back to the words, still selecting. */
  backToWords: () => void;
  /** A highlight was made from the bar: the keys come back to the control, which says so. */
  afterHighlight: (color: HighlightColor, withNote: boolean) => void;
}

/** The selection inside `root` as a span of its reading text, without spaces at its ends. */
function currentSpan(dom: DomText, root: HTMLElement): TextSpan | null {
  const selection = document.getSelection();
  if (!selection?.rangeCount || selection.isCollapsed) return null;
  const span = spanOfRange(dom, root, selection.getRangeAt(0));
  if (!span) return null;
  let { start, end } = span;
  while (start < end && dom.text[start] === ' ') start += 1;
  while (end > start && dom.text[end - 1] === ' ') end -= 1;
  return end > start ? { start, end } : null;
}

function select(dom: DomText, span: TextSpan): Range | null {
  const range = rangeOfSpan(dom, span);
  if (range) document.getSelection()?.setBaseAndExtent(range.startContainer, range.startOffset, range.endContainer, range.endOffset);
  return range;
}

/** The first word of the paragraph at the top of `view`. */
function firstSpan(dom: DomText, words: readonly TextSpan[], view: { top: number; bottom: number }): TextSpan | null {
  const starts = [0, ...dom.breaks];
  const tops = starts.map((at) => rangeOfSpan(dom, { start: at, end: at + 1 })?.getBoundingClientRect().top ?? Infinity);
  const from = starts[startBlock(tops, view.top, view.bottom)]!;
  return words.find((w) => w.start >= from) ?? null;
}

/** Scrolls the range into the view left between the panel and the highlight bar (or its room). */
function showRange(range: Range, panel: HTMLElement | null, bar: HTMLElement | null, end: boolean): void {
  const rects = range.getClientRects();
  const whole = range.getBoundingClientRect();
  const view = {
    top: panel?.getBoundingClientRect().bottom ?? 0,
    bottom: bar?.getBoundingClientRect().top ?? window.innerHeight - BAR_ROOM_PX,
  };
  // Too tall to show whole: the end that moved.
  const line = whole.height > view.bottom - view.top - 2 * SCROLL_MARGIN_PX ? rects[end ? rects.length - 1 : 0] : undefined;
  const dy = scrollDelta(line ?? whole, view, SCROLL_MARGIN_PX);
  if (dy) window.scrollBy({ top: dy });
}

export function useKeyboardSelection(
  contentRef: RefObject<HTMLDivElement | null>,
  barRef: RefObject<HTMLDivElement | null>,
  barShown: boolean,
  setPending: (quote: TextQuote) => void,
): KeyboardSelection {
  const [selecting, setSelectingState] = useState(false);
  // Read by the callbacks handed out (the bar's), which outlive a render.
  const selectingRef = useRef(false);
  const setSelecting = useCallback((on: boolean) => {
    selectingRef.current = on;
    setSelectingState(on);
  }, []);
  const [message, setMessage] = useState('');
  const [panelTop, setPanelTop] = useState(PANEL_GAP_PX);
  const controlRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wantBar = useRef(false);
  const hintId = useId();

  // The same words said twice in a row are still said: the live region's text must change.
  const say = useCallback((text: string) => setMessage((old) => (old === text ? `${text}\u00a0` : text)), []);

  const focusBar = useCallback(() => barRef.current?.querySelector('button')?.focus(), [barRef]);
  useEffect(() => {
    if (!barShown || !wantBar.current) return;
    wantBar.current = false;
    focusBar();
  }, [barShown, focusBar]);

  // Leaving the control and the bar (a click in the page, Shift+Tab) ends it; the words stay
  // selected, as a pointer's would. Checked once the focus has landed: a window losing the focus
  // leaves it on the control.
  useEffect(() => {
    if (!selecting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOut = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const at = document.activeElement;
        if (at !== controlRef.current && !barRef.current?.contains(at)) setSelecting(false);
      });
    };
    document.addEventListener('focusout', onOut);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusout', onOut);
    };
  }, [selecting, barRef, setSelecting]);

  const parts = (root: HTMLElement) => {
    const dom = readDomText(root);
    return { dom, words: wordSpans(dom.text), sentences: splitSentences(dom.text, dom.breaks) };
  };

  const start = () => {
    const root = contentRef.current;
    if (!root) return;
    const { dom, words } = parts(root);
    const top = panelRef.current?.getBoundingClientRect().bottom ?? 0;
    const span = currentSpan(dom, root) ?? firstSpan(dom, words, { top, bottom: window.innerHeight - BAR_ROOM_PX });
    const range = span && select(dom, span);
    if (!span || !range) {
      say('There are no words to select in this article.');
      return;
    }
    setSelecting(true);
    say(`Selecting ${selectionMessage(dom.text.slice(span.start, span.end))}.`);
    requestAnimationFrame(() => showRange(range, panelRef.current, barRef.current, false));
  };

  const step = (which: SelectStep) => {
    const root = contentRef.current;
    if (!root) return;
    const { dom, words, sentences } = parts(root);
    const current = currentSpan(dom, root);
    // The words were unselected meanwhile (the browser's find in page): start again at the view's top.
    if (!current) return start();
    const next = stepSelection({ words, sentences }, current, which);
    const range = next && select(dom, next);
    if (!next || !range) return say(edgeMessage(which));
    say(`${selectionMessage(dom.text.slice(next.start, next.end))}.`);
    showRange(range, panelRef.current, barRef.current, which.startsWith('more') || which.startsWith('fewer'));
  };

  const choose = () => {
    const quote = contentRef.current && selectedQuote(contentRef.current);
    if (!quote) return say('Nothing is selected.');
    if (barRef.current) focusBar();
    else wantBar.current = true;
    // At once, not when the selection has settled: the bar is wanted now.
    setPending(quote);
  };

  const leave = () => {
    setSelecting(false);
    document.getSelection()?.removeAllRanges();
    say('Stopped selecting.');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!selecting) return;
    const key = selectKey(event);
    if (!key) return;
    event.preventDefault();
    if (key === 'choose') choose();
    else if (key === 'leave') leave();
    else step(key);
  };

  const control = (
    <div
      ref={panelRef}
      className={styles.selectWords}
      data-selecting={selecting || undefined}
      data-testid="select-words"
      style={{ top: panelTop }}
    >
      <button
        ref={controlRef}
        type="button"
        className={styles.selectButton}
        aria-describedby={hintId}
        // Below the page's sticky header, wherever the page is scrolled.
        onFocus={() => setPanelTop(Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0) + PANEL_GAP_PX)}
        onClick={() => (selecting ? choose() : start())}
        onKeyDown={onKeyDown}
      >
        Select words to highlight
      </button>
      <span id={hintId} className={styles.selectHint}>
        Shift + arrows: more or fewer words. Arrows: move. Enter: highlight. Escape: stop.
      </span>
      <span role="status" className="visually-hidden">
        {message}
      </span>
    </div>
  );

  const backToWords = useCallback(() => {
    if (selectingRef.current) controlRef.current?.focus();
  }, []);
  const afterHighlight = useCallback(
    (color: HighlightColor, withNote: boolean) => {
      if (!selectingRef.current) return;
      setSelecting(false);
      if (withNote) return;
      controlRef.current?.focus();
      say(`Highlighted in ${COLOR_LABELS[color].toLowerCase()}.`);
    },
    [say, setSelecting],
  );
  return { control, backToWords, afterHighlight };
}
