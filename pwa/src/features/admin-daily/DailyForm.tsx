// Add or edit one daily text: the date (fixed once the text exists: a text is known by its date),
// the reference and the comment. Problems are shown before anything is queued.
import { DAILY_LIMITS, formatDailyDate, type DailyTextFields } from '@fw/contracts/daily';
import { isoDay, isoFromDay } from '@fw/contracts/lessons';
import type { LocalDailyText } from '../../db/db.ts';
import { todayIso } from './today.ts';
import { formProblems } from './daily-checks.ts';
import { DatedFormEnd, useDatedForm } from '../../components/ui/DatedAdminPage.tsx';
import styles from '../../components/ui/DatedAdmin.module.css';

/** The first day from today on with no text yet: where a new text usually goes. */
function nextFreeDate(texts: readonly LocalDailyText[]): string {
  const taken = new Set(texts.map((t) => t.date));
  let day = isoDay(todayIso());
  while (taken.has(isoFromDay(day))) day += 1;
  return isoFromDay(day);
}

export function DailyForm({
  editing,
  texts,
  onSave,
  onCancel,
}: {
  editing: LocalDailyText | null;
  texts: readonly LocalDailyText[];
  onSave: (fields: DailyTextFields) => void;
  onCancel: () => void;
}) {
  const { fields, set, tried, problems, shown, submit } = useDatedForm<DailyTextFields>(
    () =>
      editing
        ? { date: editing.date, reference: editing.reference, comment: editing.comment }
        : { date: nextFreeDate(texts), reference: '', comment: '' },
    (f) => formProblems(f, editing !== null, texts),
    onSave,
  );

  return (
    <form ref={shown} className={styles.form} onSubmit={submit} aria-label={editing ? 'Edit daily text' : 'Add daily text'} noValidate>
      <h2 className={styles.formHeading}>{editing ? `Edit the text for ${formatDailyDate(editing.date)}` : 'Add a daily text'}</h2>
      <div className={styles.row}>
        <label className={styles.field}>
          Date
          <input type="date" required value={fields.date} disabled={editing !== null} onChange={(e) => set({ date: e.target.value })} />
        </label>
        <label className={styles.field}>
          Reference
          <input
            value={fields.reference}
            placeholder="Psalm 23:1-3"
            maxLength={DAILY_LIMITS.REFERENCE_MAX_CHARS}
            onChange={(e) => set({ reference: e.target.value })}
          />
        </label>
      </div>
      <label className={styles.field}>
        Comment
        <textarea rows={5} value={fields.comment} maxLength={DAILY_LIMITS.COMMENT_MAX_CHARS} onChange={(e) => set({ comment: e.target.value })} />
      </label>
      <p className={styles.hint}>The verses come from the Bible on each device; Bible references in the comment become links.</p>
      <DatedFormEnd tried={tried} problems={problems} problemsTestId="daily-problems" submitLabel={editing ? 'Save changes' : 'Add daily text'} onCancel={onCancel} />
    </form>
  );
}
