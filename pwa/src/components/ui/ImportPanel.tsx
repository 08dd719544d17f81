// Import many dated things at once (lessons, daily texts): paste rows (or choose a CSV file), see
// every row checked in a preview, and send them only when none has a problem. The server checks
// again and takes all or none. How rows are read and checked is the screen's own.
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import type { LineProblem } from '@fw/contracts/lesson-csv';
import { buttonStyles } from './IconButton.tsx';
import { useFocusReturn } from './use-focus-return.ts';
import styles from './DatedAdmin.module.css';

export interface ImportCheck<R extends { line: number }> {
  rows: R[];
  /** Every problem, by line, in line order. */
  problems: LineProblem[];
}

export function ImportPanel<R extends { line: number }, T>({
  noun,
  hint,
  titleColumn,
  held,
  check,
  describe,
  onImport,
  onClose,
}: {
  /** What one row is called, and many: "lesson", "lessons". */
  noun: { one: string; many: string };
  hint: ReactNode;
  /** The preview's column beside the date: "Title", "Reference". */
  titleColumn: string;
  /** What the device holds already, which a row may clash with. */
  held: readonly T[];
  check: (text: string, held: readonly T[]) => ImportCheck<R>;
  describe: (row: R) => { when: string; title: string };
  onImport: (rows: R[]) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  useFocusReturn();
  const checked = useMemo(() => check(text, held), [check, text, held]);
  const problemsByLine = new Map<number, string[]>();
  for (const p of checked.problems) problemsByLine.set(p.line, [...(problemsByLine.get(p.line) ?? []), p.message]);
  const unreadable = checked.problems.filter((p) => !checked.rows.some((r) => r.line === p.line));
  const ready = checked.rows.length > 0 && checked.problems.length === 0;
  const count = (n: number) => `${n} ${n === 1 ? noun.one : noun.many}`;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  }

  return (
    <section className={styles.form} aria-label={`Import ${noun.many}`}>
      <h2 className={styles.formHeading}>Import {noun.many}</h2>
      <p className={styles.hint}>{hint}</p>
      <label className={styles.field}>
        Rows
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <label className={styles.field}>
        Or choose a CSV file
        <input type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={(e) => void chooseFile(e)} />
      </label>
      {checked.rows.length || checked.problems.length ? (
        <>
          <p className={ready ? styles.hint : styles.summary} role="status" data-testid="import-summary">
            {ready
              ? `${count(checked.rows.length)} ready to import.`
              : `Nothing can be imported yet: ${checked.problems.length} ${checked.problems.length === 1 ? 'problem' : 'problems'} to fix (${[...problemsByLine.keys()].map((l) => `line ${l}`).join(', ')}).`}
          </p>
          <div className={styles.previewWrap}>
            <table className={styles.preview} data-testid="import-preview">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Date</th>
                  <th scope="col">{titleColumn}</th>
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
                {checked.rows.map((row) => {
                  const rowProblems = problemsByLine.get(row.line);
                  const { when, title } = describe(row);
                  return (
                    <tr key={row.line} className={rowProblems ? styles.bad : undefined} data-line={row.line} data-testid="import-row">
                      <td>{row.line}</td>
                      <td>{when}</td>
                      <td>{title}</td>
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
        <button type="button" className={buttonStyles.primary} disabled={!ready} onClick={() => onImport(checked.rows)}>
          {ready ? `Import ${count(checked.rows.length)}` : 'Import'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
