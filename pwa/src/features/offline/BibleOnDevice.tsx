// "On this device": how much of the Bible is kept for offline reading, and the setting that keeps
// all of it (its size said first), with its progress and, when the device is full, why it stopped.
import { useEffect, useState } from 'react';
import { BIBLE_BOOKS } from '@fw/contracts/bible';
import { BIBLE_QUOTA_MESSAGE, bibleOnDevice } from '../../bible/books.ts';
import { keepInBackground } from '../../bible/bible-keeper.ts';
import { useBibleProgress } from '../../bible/use-bible-progress.ts';
import { megabytes } from '../../lib/format.ts';
import { bibleProgressText } from './SyncProgress.tsx';
import styles from './DeviceStatus.module.css';

export function BibleOnDevice() {
  const progress = useBibleProgress();
  const [held, setHeld] = useState<{ books: number; bytes: number; allBytes: number } | null>(null);
  // Read again whenever a fetch moves on or ends.
  useEffect(() => {
    let live = true;
    void bibleOnDevice().then((next) => live && setHeld(next));
    return () => {
      live = false;
    };
  }, [progress.done, progress.task]);
  if (!held) return null;
  const whole = held.books >= BIBLE_BOOKS.length;
  return (
    <div data-testid="bible-on-device">
      <p>
        {whole
          ? `The whole Bible (American Standard Version) is on this device: ${megabytes(held.bytes)}.`
          : `Bible: ${held.books} of ${BIBLE_BOOKS.length} books on this device (${megabytes(held.bytes)}).`}
      </p>
      {progress.task === 'whole' ? (
        <p role="status">{bibleProgressText(progress.done, progress.total, true)}</p>
      ) : whole ? null : (
        <button type="button" className={styles.install} onClick={() => keepInBackground('whole')}>
          Keep the whole Bible on this device ({megabytes(held.allBytes)})
        </button>
      )}
      {progress.quotaFull ? <p className={styles.problem}>{BIBLE_QUOTA_MESSAGE}</p> : null}
      {progress.error && !progress.quotaFull ? <p className={styles.problem}>{progress.error}</p> : null}
    </div>
  );
}
