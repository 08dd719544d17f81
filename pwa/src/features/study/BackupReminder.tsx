// The gentle reminder: shown (on My notes and, through the public layout, on every page) while
// notes older than BACKUP_REMINDER_AGE_DAYS changed since the last backup. "Not now" quiets it
// for BACKUP_REMINDER_SNOOZE_DAYS. The count last read is kept in memory and drawn from the first
// render: read anew, the reminder came a few frames after a page drawn again (Back to My notes),
// above it, and pushed it away from the place the browser had put back.
import { useState } from 'react';
import { useLiveQuery } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { downloadBackup } from './BackupActions.tsx';
import { BACKUP_REMINDER_AGE_DAYS, notesNeedingBackup, snoozeBackupReminder } from './study-store.ts';
import styles from './notes-page.module.css';

/** The count as last read in this visit. */
let countRead: number | undefined;

export function BackupReminder() {
  const count =
    useLiveQuery(async () => {
      countRead = await notesNeedingBackup();
      return countRead;
    }, []) ?? countRead;
  const [done, setDone] = useState(false);
  if (!count || done) return null;
  return (
    <aside className={styles.reminder} aria-label="Backup reminder" data-testid="backup-reminder">
      <p>
        {count === 1 ? 'One of your notes' : `${count} of your highlights and notes`} from more than {BACKUP_REMINDER_AGE_DAYS} days
        ago {count === 1 ? 'is' : 'are'} only on this device. A backup file keeps them safe.
      </p>
      <div className={styles.backupButtons}>
        <button
          type="button"
          className={styles.primary}
          onClick={() =>
            void downloadBackup().then(
              () => setDone(true),
              (error: unknown) => notifyError(error),
            )
          }
        >
          Back up my notes
        </button>
        <button type="button" className={styles.secondary} onClick={() => void snoozeBackupReminder().then(() => setDone(true))}>
          Not now
        </button>
      </div>
    </aside>
  );
}
