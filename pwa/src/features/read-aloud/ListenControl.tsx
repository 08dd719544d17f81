// "Listen": reads an article or a lesson aloud (lib/read-aloud.ts). The button sits with the
// page's actions; the player is a bar fixed to the bottom of the screen (so it stays at hand in a
// long article) with play/pause, the speed, start over and close. The sentence being read is
// highlighted with the CSS Custom Highlight API (nothing in the text is changed) and scrolled into
// view; where that API is missing the bar still says which sentence is read. The place is kept on
// the device (meta `listen:<placeKey>`), so Listen resumes where it stopped.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { getMeta, setMeta } from '../../db/db.ts';
import { rangeOfSpan, readDomText, type TextSpan } from '../../lib/dom-text.ts';
import {
  getListenRate,
  LISTEN_RATES,
  loadVoices,
  NO_SPEECH_MESSAGE,
  NO_VOICES_MESSAGE,
  pickVoice,
  setListenRate,
  Speaker,
  speechAvailable,
} from '../../lib/read-aloud.ts';
import { splitSentences } from '../../lib/speech-text.ts';
import styles from './ListenControl.module.css';

const HIGHLIGHT_NAME = 'read-aloud';
/** Room kept clear below the sticky header, and above the player, when keeping the sentence in view. */
const VIEW_MARGIN_PX = 96;
const BAR_CLEARANCE_PX = 16;

type Status = 'idle' | 'loading' | 'playing' | 'paused' | 'ended';

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
  if (registry && typeof Highlight !== 'undefined') registry.set(HIGHLIGHT_NAME, new Highlight(range));
  const rect = range.getBoundingClientRect();
  const bottom = Math.min(window.innerHeight, clearBelow) - BAR_CLEARANCE_PX;
  if (rect.top < VIEW_MARGIN_PX || rect.bottom > bottom) {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: rect.top - Math.max(VIEW_MARGIN_PX, bottom / 3), behavior: smooth ? 'smooth' : 'auto' });
  }
}

export function ListenControl({ rootRef, placeKey, name }: { rootRef: RefObject<HTMLElement | null>; placeKey: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentence, setSentence] = useState({ index: -1, total: 0 });
  const [rate, setRate] = useState(getListenRate);
  const reading = useRef<Reading | null>(null);
  const bar = useRef<HTMLElement>(null);
  const metaKey = `listen:${placeKey}`;

  useEffect(
    () => () => {
      reading.current?.speaker.stop();
      if (rootRef.current && reading.current) showSentence(rootRef.current, reading.current, -1);
      reading.current = null;
    },
    [placeKey, rootRef],
  );

  async function prepare(): Promise<Reading | null> {
    const root = rootRef.current;
    if (!root) return null;
    if (!speechAvailable()) {
      setProblem(NO_SPEECH_MESSAGE);
      return null;
    }
    const voice = pickVoice(await loadVoices(), document.documentElement.lang || navigator.language || 'en');
    if (!voice) {
      setProblem(NO_VOICES_MESSAGE);
      return null;
    }
    const dom = readDomText(root);
    const spans = splitSentences(dom.text, dom.breaks);
    if (!spans.length) return null;
    const next: Reading = {
      text: dom.text,
      spans,
      speaker: new Speaker(
        spans.map((s) => dom.text.slice(s.start, s.end)),
        voice,
        {
          onSentence: (index) => {
            setSentence({ index, total: spans.length });
            if (rootRef.current) showSentence(rootRef.current, next, index, bar.current?.getBoundingClientRect().top);
            if (index >= 0) void setMeta(metaKey, index).catch(() => undefined);
          },
          onEnd: () => {
            setStatus('ended');
            void setMeta(metaKey, 0).catch(() => undefined);
          },
        },
      ),
    };
    return next;
  }

  async function play(from?: number) {
    setProblem(null);
    let current = reading.current;
    if (!current) {
      setStatus('loading');
      current = await prepare();
      if (!current) {
        setStatus('idle');
        return;
      }
      reading.current = current;
    }
    const start = from ?? (current.speaker.sentence >= 0 ? current.speaker.sentence : ((await getMeta<number>(metaKey).catch(() => 0)) ?? 0));
    setStatus('playing');
    current.speaker.play(start < current.spans.length ? start : 0, rate);
  }

  function pause() {
    reading.current?.speaker.pause();
    setStatus('paused');
  }

  function close() {
    reading.current?.speaker.stop();
    if (rootRef.current && reading.current) showSentence(rootRef.current, reading.current, -1);
    reading.current = null;
    setStatus('idle');
    setSentence({ index: -1, total: 0 });
    setOpen(false);
  }

  function changeRate(next: number) {
    setRate(next);
    setListenRate(next);
    const speaker = reading.current?.speaker;
    // The new speed applies from the sentence being read.
    if (speaker && status === 'playing') speaker.play(speaker.sentence, next);
  }

  const playing = status === 'playing';
  return (
    <>
      <button
        type="button"
        className={styles.action}
        aria-expanded={open}
        onClick={() => {
          if (open) return close();
          setOpen(true);
          void play();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 9v6h4l5 4V5L8 9z" />
          <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" strokeLinecap="round" />
        </svg>
        <span>Listen</span>
      </button>
      {open ? (
        <section ref={bar} className={styles.bar} aria-label={`Read aloud: ${name}`} data-testid="listen-bar" data-sentence={sentence.index}>
          {problem ? (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          ) : (
            <>
              <button
                type="button"
                className={styles.play}
                onClick={() => (playing ? pause() : void play())}
                disabled={status === 'loading'}
              >
                {playing ? 'Pause' : status === 'ended' ? 'Play again' : status === 'paused' ? 'Resume' : 'Play'}
              </button>
              <label className={styles.speed}>
                <span>Speed</span>
                <select value={rate} onChange={(e) => changeRate(Number(e.target.value))}>
                  {LISTEN_RATES.map((r) => (
                    <option key={r} value={r}>
                      {r}×
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className={styles.secondary} onClick={() => void play(0)} disabled={status === 'loading'}>
                Start over
              </button>
              {/* Only changes of state are announced: a count per sentence would talk over the voice. */}
              <p className="visually-hidden" aria-live="polite">
                {status === 'paused' ? 'Paused.' : status === 'ended' ? 'Finished reading.' : status === 'loading' ? 'Getting the voice ready.' : ''}
              </p>
              <p className={styles.where}>
                {status === 'loading'
                  ? 'Getting the voice ready…'
                  : status === 'ended'
                    ? 'Finished.'
                    : sentence.index >= 0
                      ? `${status === 'paused' ? 'Paused at' : 'Reading'} sentence ${sentence.index + 1} of ${sentence.total}`
                      : ''}
              </p>
            </>
          )}
          <button type="button" className={styles.close} onClick={close} aria-label="Close the player">
            ×
          </button>
        </section>
      ) : null}
    </>
  );
}
