// The space's 24 words, numbered in columns to copy by hand, with their QR code and a Copy button.
// Shown right after a space is made or its key changed, and when "Show the words" is confirmed.
import { useEffect, useRef, useState } from 'react';
import { QrCode } from './QrCode.tsx';
import { SYNC_TEXT } from './messages.ts';
import styles from './study-sync.module.css';

interface Props {
  words: string[];
  /** What the words are: "Your sync words", "Your new sync words". */
  title: string;
  headingLevel: 'h3' | 'h4';
  onDone: () => void;
}

export function SpaceWords({ words, title, headingLevel: Heading, onDone }: Props) {
  const [copied, setCopied] = useState<{ ok: boolean; text: string } | null>(null);
  // The words replace the button that was pressed: the keyboard goes to them.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(words.join(' '));
      setCopied({ ok: true, text: 'Copied. Paste them only where nobody else can read them.' });
    } catch {
      setCopied({ ok: false, text: 'Copying is not allowed here: write the words down instead.' });
    }
  }
  return (
    <div className={styles.words} data-testid="space-words">
      <Heading className={styles.subheading} ref={headingRef} tabIndex={-1}>
        {title}
      </Heading>
      <p className={styles.warning}>{SYNC_TEXT.warning}</p>
      <p className={styles.muted}>
        On your other device, choose “Link this device” and scan this code or type the words. Keep a copy somewhere
        safe.
      </p>
      <QrCode text={words.join(' ')} label="QR code of your sync words" />
      <ol className={styles.wordList} aria-label="The 24 words, in order">
        {words.map((word, i) => (
          <li key={i} data-testid="space-word">
            <span className={styles.number} aria-hidden="true">
              {i + 1}.
            </span>{' '}
            <span className={styles.word}>{word}</span>
          </li>
        ))}
      </ol>
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={() => void copy()}>
          Copy the words
        </button>
        <button type="button" className={styles.primary} onClick={onDone}>
          Done
        </button>
      </div>
      {copied ? (
        <p className={copied.ok ? styles.ok : styles.problem} role="status">
          {copied.text}
        </p>
      ) : null}
    </div>
  );
}
