// "Back up my notes" and "Restore from a backup": the file is made and read on the device only.
// The backup is a download (an <a download> of a Blob), the restore a file picker; what the
// restore did, or why it refused, is said on the page in words.
import { useId, useState } from 'react';
import { makeBackupFile, rememberBackup, restoreBackup } from './study-store.ts';
import { useStudySpaceStatus } from '../../sync/study-space/space-status.ts';
import styles from './notes-page.module.css';

/** Saves the backup file through the browser's download; resolves once it is handed over. */
export async function downloadBackup(): Promise<string> {
  const { name, text } = await makeBackupFile();
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  await rememberBackup();
  return name;
}

type Outcome = { ok: boolean; text: string } | null;

const BACKUP_TEXT = {
  here: 'Your highlights and notes live only on this device.',
  syncing: 'Your highlights and notes sync with the devices linked to this one.',
} as const;

export function BackupActions() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const syncing = useStudySpaceStatus()?.status === 'linked';

  async function backUp() {
    setBusy(true);
    try {
      const name = await downloadBackup();
      setOutcome({ ok: true, text: `Backup saved as “${name}”. Keep it somewhere safe, such as your email or cloud storage.` });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : 'The backup could not be made.' });
    } finally {
      setBusy(false);
    }
  }

  async function restore(file: File) {
    setBusy(true);
    try {
      const { added, updated } = await restoreBackup(await file.text());
      const parts = [`${added} added`, `${updated} updated to a newer edit`];
      setOutcome({
        ok: true,
        text:
          added || updated
            ? `Restored from “${file.name}”: ${parts.join(', ')}. Nothing on this device was removed.`
            : `Everything in “${file.name}” is already on this device. Nothing was changed.`,
      });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : 'The file could not be restored.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.backup} aria-labelledby={`${inputId}-h`}>
      <h2 id={`${inputId}-h`}>Backup</h2>
      <p className={styles.muted}>
        {syncing ? BACKUP_TEXT.syncing : BACKUP_TEXT.here} A backup file keeps them safe and brings them to another
        device; restoring adds what is missing and never removes anything.
      </p>
      <div className={styles.backupButtons}>
        <button type="button" className={styles.primary} onClick={() => void backUp()} disabled={busy}>
          Back up my notes
        </button>
        <label htmlFor={inputId} className={styles.secondary} aria-disabled={busy}>
          Restore from a backup
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void restore(file);
          }}
        />
      </div>
      {outcome ? (
        <p className={outcome.ok ? styles.ok : styles.problem} role={outcome.ok ? 'status' : 'alert'} data-testid="backup-outcome">
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
