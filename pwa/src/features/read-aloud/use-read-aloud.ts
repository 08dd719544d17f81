// The reading behind Listen: the article's text split into sentences, a Speaker with the device's
// voice, the sentence being read highlighted (CSS Custom Highlight API) and kept in view, and the
// place kept on the device (meta `listen:<placeKey>`) so Listen resumes where it stopped.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { getMeta, setMeta } from '../../db/db.ts';
import { rangeOfSpan, readDomText, type TextSpan } from '../../lib/dom-text.ts';
import {
  getListenRate,
  loadVoices,
  NO_SPEECH_MESSAGE,
  NO_VOICES_MESSAGE,
  pickVoice,
  setListenRate,
  Speaker,
  speechAvailable,
  type SpeakerEvents,
} from '../../lib/read-aloud.ts';
import { splitSentences } from '../../lib/speech-text.ts';

const HIGHLIGHT_NAME = 'read-aloud';
/** Room kept clear below the sticky header, and above the player, when keeping the sentence in view. */
const VIEW_MARGIN_PX = 96;
const BAR_CLEARANCE_PX = 16;

export type ListenStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended';

interface Reading {
  speaker: Speaker;
  text: string;
  spans: TextSpan[];
}

/** Highlights sentence `index` (none for -1) and scrolls it into the part of the screen the
 * header and the player (whose top is `clearBelow`) leave free. */
function showSentence(root: HTMLElement, reading: Reading, index: number, clearBelow = window.innerHeight): void {
  const registry = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights;
  if (index < 0) {
    registry?.delete(HIGHLIGHT_NAME);
    return;
  }
  const dom = readDomText(root);
  // The text changed under us (the article was updated while open): nothing to point at.
  const range = dom.text === reading.text ? rangeOfSpan(dom, reading.spans[index]!) : null;
  if (!range) return;
  if (registry && typeof Highlight !== 'undefined') {
    const sentence = new Highlight(range);
    // Over the reader's own highlights (features/study/highlight-layer.ts), whichever came first.
    sentence.priority = 1;
    registry.set(HIGHLIGHT_NAME, sentence);
  }
  const rect = range.getBoundingClientRect();
  const bottom = Math.min(window.innerHeight, clearBelow) - BAR_CLEARANCE_PX;
  if (rect.top < VIEW_MARGIN_PX || rect.bottom > bottom) {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: rect.top - Math.max(VIEW_MARGIN_PX, bottom / 3), behavior: smooth ? 'smooth' : 'auto' });
  }
}

/** Stops the speaker and takes its highlight away. */
function stopReading(reading: Reading | null, root: HTMLElement | null): void {
  reading?.speaker.stop();
  if (root && reading) showSentence(root, reading, -1);
}

/** The text under `root` as sentences with a speaker for them, or the message saying why it cannot be read. */
async function prepareReading(
  root: HTMLElement,
  eventsFor: (reading: () => Reading) => SpeakerEvents,
): Promise<{ reading: Reading } | { problem: string } | null> {
  if (!speechAvailable()) return { problem: NO_SPEECH_MESSAGE };
  const voice = pickVoice(await loadVoices(), document.documentElement.lang || navigator.language || 'en');
  if (!voice) return { problem: NO_VOICES_MESSAGE };
  const dom = readDomText(root);
  const spans = splitSentences(dom.text, dom.breaks);
  if (!spans.length) return null;
  const sentences = spans.map((s) => dom.text.slice(s.start, s.end));
  // The speaker's events point at the reading they belong to, made here.
  const reading: Reading = { text: dom.text, spans, speaker: new Speaker(sentences, voice, eventsFor(() => reading)) };
  return { reading };
}

/** What the page does as the speaker goes: follow the sentence on screen, and keep the place. */
function speakerEvents(
  reading: () => Reading,
  page: {
    rootRef: RefObject<HTMLElement | null>;
    barRef: RefObject<HTMLElement | null>;
    metaKey: string;
    onSentence: (sentence: { index: number; total: number }) => void;
    onEnd: () => void;
  },
): SpeakerEvents {
  return {
    onSentence: (index) => {
      page.onSentence({ index, total: reading().spans.length });
      const root = page.rootRef.current;
      if (root) showSentence(root, reading(), index, page.barRef.current?.getBoundingClientRect().top);
      if (index >= 0) void setMeta(page.metaKey, index).catch(() => undefined);
    },
    onEnd: () => {
      page.onEnd();
      void setMeta(page.metaKey, 0).catch(() => undefined);
    },
  };
}

/** Listen's player state and actions for the text under `rootRef`; `barRef` is the player, kept clear of. */
export function useReadAloud(rootRef: RefObject<HTMLElement | null>, placeKey: string, barRef: RefObject<HTMLElement | null>) {
  const [status, setStatus] = useState<ListenStatus>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentence, setSentence] = useState({ index: -1, total: 0 });
  const [rate, setRate] = useState(getListenRate);
  const reading = useRef<Reading | null>(null);
  const metaKey = `listen:${placeKey}`;

  useEffect(
    () => () => {
      stopReading(reading.current, rootRef.current);
      reading.current = null;
    },
    [placeKey, rootRef],
  );

  const eventsFor = (next: () => Reading) =>
    speakerEvents(next, { rootRef, barRef, metaKey, onSentence: setSentence, onEnd: () => setStatus('ended') });

  /** The reading under way, or a new one (null, and the problem shown, when there is none). */
  async function readyReading(): Promise<Reading | null> {
    if (reading.current) return reading.current;
    setStatus('loading');
    const root = rootRef.current;
    const prepared = root ? await prepareReading(root, eventsFor) : null;
    if (!prepared || 'problem' in prepared) {
      if (prepared) setProblem(prepared.problem);
      setStatus('idle');
      return null;
    }
    reading.current = prepared.reading;
    return prepared.reading;
  }

  async function play(from?: number) {
    setProblem(null);
    const current = await readyReading();
    if (!current) return;
    const start = from ?? (current.speaker.sentence >= 0 ? current.speaker.sentence : ((await getMeta<number>(metaKey).catch(() => 0)) ?? 0));
    setStatus('playing');
    current.speaker.play(start < current.spans.length ? start : 0, rate);
  }

  function pause() {
    reading.current?.speaker.pause();
    setStatus('paused');
  }

  function stop() {
    stopReading(reading.current, rootRef.current);
    reading.current = null;
    setStatus('idle');
    setSentence({ index: -1, total: 0 });
  }

  function changeRate(next: number) {
    setRate(next);
    setListenRate(next);
    const speaker = reading.current?.speaker;
    // The new speed applies from the sentence being read.
    if (speaker && status === 'playing') speaker.play(speaker.sentence, next);
  }

  return { status, problem, sentence, rate, play, pause, stop, changeRate };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
