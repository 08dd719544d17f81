// "Link this device": the words typed from another device (any spaces, case or line breaks; the
// first four letters of each word are enough, sync/study-space/space-words.ts), or read from its
// QR code where the browser has a BarcodeDetector and the device a camera. Typing always works.
import { useEffect, useId, useRef, useState } from 'react';
import { QrScanner, canScanCodes } from './QrScanner.tsx';
import { SYNC_TEXT } from './messages.ts';
import styles from './study-sync.module.css';

interface Props {
  headingLevel: 'h3' | 'h4';
  busy: boolean;
  problem: string | null;
  onLink: (words: string) => void;
  onCancel: () => void;
}

export function LinkDevice({ headingLevel: Heading, busy, problem, onLink, onCancel }: Props) {
  const [text, setText] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scannable, setScannable] = useState(false);
  const id = useId();
  // Opened by "Link this device": typing the words is what comes next.
  const wordsRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => wordsRef.current?.focus(), []);
  useEffect(() => {
    let current = true;
    void canScanCodes().then((yes) => current && setScannable(yes));
    return () => {
      current = false;
    };
  }, []);
  return (
    <form
      className={styles.link}
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        onLink(text);
      }}
    >
      <Heading id={`${id}-h`} className={styles.subheading}>
        Link this device
      </Heading>
      <p className={styles.warning}>{SYNC_TEXT.warning}</p>
      <label htmlFor={`${id}-words`}>The 24 words from your other device</label>
      <p id={`${id}-hint`} className={styles.muted}>
        In order, with spaces or on separate lines. The first four letters of each word are enough.
      </p>
      <textarea
        id={`${id}-words`}
        ref={wordsRef}
        className={styles.field}
        rows={5}
        value={text}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {scanning ? (
        <QrScanner
          onText={(scanned) => {
            setScanning(false);
            setText(scanned);
            onLink(scanned);
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}
      <div className={styles.buttons}>
        <button type="submit" className={styles.primary} disabled={busy || !text.trim()}>
          {busy ? 'Linking…' : 'Link this device'}
        </button>
        {scannable && !scanning ? (
          <button type="button" className={styles.secondary} onClick={() => setScanning(true)} disabled={busy}>
            Scan a code
          </button>
        ) : null}
        <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      {problem ? (
        <p className={styles.problem} role="alert" data-testid="sync-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
