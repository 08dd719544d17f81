// Import many daily texts: paste rows (or choose a CSV file), see every row checked in a preview,
// and send them only when none has a problem. The server checks again (a reference must name a
// passage) and takes all or none.
import { useMemo, useState, type ChangeEvent } from 'react';
import { formatDailyDate } from '@fw/contracts/daily';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import type { LocalDailyText } from '../../db/db.ts';
import { useFocusReturn } from '../../components/ui/use-focus-return.ts';
import { checkDailyImport, type DailyImportCheck } from './daily-checks.ts';
import styles from './DailyAdminPage.module.css';

const texts_ = (n: number) => `${n} daily ${n === 1 ? 'text' : 'texts'}`;

export function DailyImportPanel({
  texts,
  onImport,
  onClose,
}: {
  texts: readonly LocalDailyText[];
  onImport: (check: DailyImportCheck) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  useFocusReturn();
  const check = useMemo(() => checkDailyImport(text, texts), [text, texts]);
  const problemsByLine = new Map<number, string[]>();
  for (const p of check.problems) problemsByLine.set(p.line, [...(problemsByLine.get(p.line) ?? []), p.message]);
  const unreadable = check.problems.filter((p) => !check.rows.some((r) => r.line === p.line));
  const ready = check.rows.length > 0 && check.problems.length === 0;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  }

  return (
    <section className={styles.form} aria-label="Import daily texts">
      <h2 className={styles.formHeading}>Import daily texts</h2>
      <p className={styles.hint}>
        One text per line: date (YYYY-MM-DD or “November 27, 2026”), reference, comment, separated by tabs (pasted from a
        spreadsheet) or commas (put a comment with commas in “quotes”). A first line starting with “date” is skipped.
      </p>
      <label className={styles.field}>
        Rows
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <label className={styles.field}>
        Or choose a CSV file
        <input type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => void chooseFile(e)} />
      </label>
      {check.rows.length || check.problems.length ? (
        <>
          <p className={ready ? styles.hint : styles.summary} role="status" data-testid="import-summary">
            {ready
              ? `${texts_(check.rows.length)} ready to import.`
              : `Nothing can be imported yet: ${check.problems.length} ${check.problems.length === 1 ? 'problem' : 'problems'} to fix (${[...problemsByLine.keys()].map((l) => `line ${l}`).join(', ')}).`}
          </p>
          <div className={styles.previewWrap}>
            <table className={styles.preview} data-testid="import-preview">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Date</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Check</th>
                </tr>
              </thead>
              <tbody>
                {unreadable.map((p) => (
                  <tr key={`p${p.line}`} className={styles.bad} data-line={p.line}>
                    <td>{p.line}</td>
                    <td colSpan={2}>—</td>
                    <td>{p.message}</td>
                  </tr>
                ))}
                {check.rows.map((row) => {
                  const rowProblems = problemsByLine.get(row.line);
                  return (
                    <tr key={row.line} className={rowProblems ? styles.bad : undefined} data-line={row.line} data-testid="import-row">
                      <td>{row.line}</td>
                      <td>{formatDailyDate(row.date)}</td>
                      <td>{row.reference}</td>
                      <td>{rowProblems ? rowProblems.join('; ') : 'OK'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={buttonStyles.primary} disabled={!ready} onClick={() => onImport(check)}>
          {ready ? `Import ${texts_(check.rows.length)}` : 'Import'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
