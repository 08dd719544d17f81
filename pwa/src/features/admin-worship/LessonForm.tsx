// Add or edit one lesson: a date picker, the Broadcast-week switch, the main topic, and extra
// topics added and removed one at a time. Problems are shown before anything is queued.
import { LIMITS } from '@fw/contracts/limits';
import { fieldsFromLesson, isoFromDay, localDay, nextLessonDay, type LessonFields } from '@fw/contracts/lessons';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import type { LocalLesson } from '../../db/db.ts';
import { now } from '../../lib/clock.ts';
import { formProblems } from './lesson-checks.ts';
import { DatedFormEnd, useDatedForm } from '../../components/ui/DatedAdminPage.tsx';
import styles from '../../components/ui/DatedAdmin.module.css';
import own from './LessonForm.module.css';

const WEEK_DAYS = 7;

/** The first lesson day from today on that has no lesson yet: where a new lesson usually goes. */
function nextFreeDate(lessons: readonly LocalLesson[]): string {
  const taken = new Set(lessons.map((l) => l.date));
  let day = nextLessonDay(localDay(now()));
  while (taken.has(isoFromDay(day))) day += WEEK_DAYS;
  return isoFromDay(day);
}

export function LessonForm({
  editing,
  lessons,
  onSave,
  onCancel,
}: {
  editing: LocalLesson | null;
  lessons: readonly LocalLesson[];
  onSave: (fields: LessonFields) => void;
  onCancel: () => void;
}) {
  const { fields, set, setFields, tried, problems, shown, submit } = useDatedForm<LessonFields>(
    () => (editing ? fieldsFromLesson(editing) : { date: nextFreeDate(lessons), broadcast: false, title: '', text: '', extras: [] }),
    (f) => formProblems(f, editing?._id ?? null, lessons),
    onSave,
  );
  const setExtra = (index: number, change: Partial<{ title: string; text: string }>) =>
    setFields((f) => ({ ...f, extras: f.extras.map((e, i) => (i === index ? { ...e, ...change } : e)) }));

  return (
    <form ref={shown} className={styles.form} onSubmit={submit} aria-label={editing ? 'Edit lesson' : 'Add lesson'} noValidate>
      <h2 className={styles.formHeading}>{editing ? `Edit the lesson for ${editing.D}` : 'Add a lesson'}</h2>
      <div className={styles.row}>
        <label className={styles.field}>
          Date
          <input type="date" required value={fields.date} onChange={(e) => set({ date: e.target.value })} />
        </label>
        <label className={own.switch}>
          <input type="checkbox" role="switch" checked={fields.broadcast} onChange={(e) => set({ broadcast: e.target.checked })} />
          Broadcast week
        </label>
      </div>
      {fields.broadcast ? (
        <p className={styles.hint}>A Broadcast week shows the title “Broadcast” and no text.</p>
      ) : (
        <>
          <label className={styles.field}>
            Title
            <input value={fields.title} maxLength={LIMITS.LESSON_TITLE_MAX_CHARS} onChange={(e) => set({ title: e.target.value })} />
          </label>
          <label className={styles.field}>
            Text
            <textarea rows={4} value={fields.text} maxLength={LIMITS.LESSON_TEXT_MAX_CHARS} onChange={(e) => set({ text: e.target.value })} />
          </label>
          {fields.extras.map((extra, index) => (
            <fieldset key={index} className={own.extra}>
              <legend>Extra topic {index + 1}</legend>
              <label className={styles.field}>
                Topic title
                <input value={extra.title} maxLength={LIMITS.LESSON_TITLE_MAX_CHARS} onChange={(e) => setExtra(index, { title: e.target.value })} />
              </label>
              <label className={styles.field}>
                Topic text
                <textarea rows={3} value={extra.text} maxLength={LIMITS.LESSON_TEXT_MAX_CHARS} onChange={(e) => setExtra(index, { text: e.target.value })} />
              </label>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => set({ extras: fields.extras.filter((_, i) => i !== index) })}
              >
                Remove extra topic {index + 1}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={fields.extras.length >= LIMITS.LESSON_EXTRA_TOPICS_MAX}
            onClick={() => set({ extras: [...fields.extras, { title: '', text: '' }] })}
          >
            Add extra topic
          </button>
        </>
      )}
      <DatedFormEnd tried={tried} problems={problems} problemsTestId="lesson-problems" submitLabel={editing ? 'Save changes' : 'Add lesson'} onCancel={onCancel} />
    </form>
  );
}
