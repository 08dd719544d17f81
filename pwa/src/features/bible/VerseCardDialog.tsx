// "Share as image": the verse card drawn on the device (verse-card.ts), light or dark, previewed
// in a dialog, then shared or downloaded. This module loads only when a reader asks for it.
import { useEffect, useId, useRef, useState } from 'react';
import { SITE_NAME } from '@fw/contracts/pages';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { useModal } from '../../components/ui/use-modal.ts';
import { drawVerseCard, shareCard, type CardTheme } from './verse-card.ts';
import styles from './ChapterTools.module.css';

const CARD_DOWNLOADED = 'The image was saved to your downloads.';

export interface VerseCardDialogProps {
  title: string;
  words: string;
  translation: string;
  onClose: () => void;
}

export function VerseCardDialog({ title, words, translation, onClose }: VerseCardDialogProps) {
  const ref = useModal(true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const [theme, setTheme] = useState<CardTheme>(() => {
    const chosen = document.documentElement.dataset.theme;
    if (chosen === 'dark' || chosen === 'light') return chosen;
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (canvas.current) drawVerseCard(canvas.current, { title, words, translation, site: SITE_NAME }, theme);
  }, [title, words, translation, theme]);

  async function share() {
    if (!canvas.current) return;
    setBusy(true);
    try {
      if ((await shareCard(canvas.current, title)) === 'downloaded') notifySuccess(CARD_DOWNLOADED);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid="verse-card"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={titleId}>Image of {title}</h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <canvas ref={canvas} className={styles.card} role="img" aria-label={`${title}: ${words}`} />
      <fieldset className={styles.themes}>
        <legend>Card</legend>
        {(['light', 'dark'] as const).map((t) => (
          <label key={t}>
            <input type="radio" name="card-theme" checked={theme === t} onChange={() => setTheme(t)} />
            {t === 'light' ? 'Light' : 'Dark'}
          </label>
        ))}
      </fieldset>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void share()}>
          Share image
        </button>
      </div>
    </dialog>
  );
}
