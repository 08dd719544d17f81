// Reading aloud with the device's own voices (speechSynthesis), so it works offline where the
// voice is local. One sentence is one utterance: the page shows which sentence is read, pausing
// stops after a known sentence (speechSynthesis.pause() is missing or unreliable on some phones,
// so pause cancels and resume speaks that sentence again), and the place is kept for next time.
// Only one reader speaks at a time: starting one stops any other.
import { LISTEN_RATE_KEY } from './device-prefs.ts';
import { spokenText } from './speech-text.ts';

export const LISTEN_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
const DEFAULT_LISTEN_RATE = 1;
/** How long to wait for a browser that lists its voices late (Chrome fires voiceschanged). */
const VOICES_WAIT_MS = 1500;

export const NO_SPEECH_MESSAGE = 'This browser cannot read aloud.';
export const NO_VOICES_MESSAGE =
  "This device has no speech voices, so it cannot read aloud. Voices can be added in the device's language or speech settings.";

export function getListenRate(): number {
  try {
    const value = Number(localStorage.getItem(LISTEN_RATE_KEY));
    return (LISTEN_RATES as readonly number[]).includes(value) ? value : DEFAULT_LISTEN_RATE;
  } catch {
    return DEFAULT_LISTEN_RATE;
  }
}

export function setListenRate(rate: number): void {
  try {
    localStorage.setItem(LISTEN_RATE_KEY, String(rate));
  } catch {
    // Not kept: the speed still applies now.
  }
}

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** The device's voices, waiting briefly for a browser that loads them after the page. */
export function loadVoices(waitMs = VOICES_WAIT_MS): Promise<SpeechSynthesisVoice[]> {
  const synth = window.speechSynthesis;
  const now = synth.getVoices();
  if (now.length) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener?.('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener?.('voiceschanged', done);
  });
}

/** A voice on the device (works offline) in the page's language first, then any in that language. */
export function pickVoice(voices: SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | null {
  const base = lang.toLowerCase().split('-')[0]!;
  const speaks = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === base;
  return (
    voices.find((v) => v.localService && speaks(v) && v.default) ??
    voices.find((v) => v.localService && speaks(v)) ??
    voices.find(speaks) ??
    voices.find((v) => v.localService) ??
    voices[0] ??
    null
  );
}

export interface SpeakerEvents {
  /** A sentence starts (its index); -1 when reading stops or ends. */
  onSentence: (index: number) => void;
  onEnd: () => void;
}

let current: Speaker | null = null;

/** Speaks a list of sentences one after another from a given one. */
export class Speaker {
  private run = 0;
  private index = -1;

  constructor(
    private readonly sentences: string[],
    private readonly voice: SpeechSynthesisVoice,
    private readonly events: SpeakerEvents,
  ) {}

  get sentence(): number {
    return this.index;
  }

  play(from: number, rate: number): void {
    if (current && current !== this) current.stop();
    // The one speaker allowed at a time is module state on purpose (speechSynthesis is global).
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    current = this;
    this.run += 1;
    window.speechSynthesis.cancel();
    this.speak(Math.max(0, Math.min(from, this.sentences.length - 1)), rate, this.run);
  }

  private speak(index: number, rate: number, run: number): void {
    if (run !== this.run) return;
    if (index >= this.sentences.length) {
      this.index = -1;
      this.events.onSentence(-1);
      this.events.onEnd();
      return;
    }
    this.index = index;
    const utterance = new SpeechSynthesisUtterance(spokenText(this.sentences[index]!));
    utterance.voice = this.voice;
    utterance.lang = this.voice.lang;
    utterance.rate = rate;
    utterance.onend = () => this.speak(index + 1, rate, run);
    utterance.onerror = (event) => {
      // Our own cancel (pause, stop, a new speed) ends the run quietly; anything else moves on.
      if (run !== this.run || event.error === 'canceled' || event.error === 'interrupted') return;
      this.speak(index + 1, rate, run);
    };
    this.events.onSentence(index);
    window.speechSynthesis.speak(utterance);
  }

  /** Stops speaking and keeps the current sentence (to resume there). */
  pause(): void {
    this.run += 1;
    window.speechSynthesis.cancel();
  }

  stop(): void {
    this.pause();
    if (current === this) current = null;
  }
}
