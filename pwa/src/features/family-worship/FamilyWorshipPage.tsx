import { BROADCAST_TITLE, lessonExtras, lessonsToShow } from '@fw/contracts/lessons';
import { db, useLiveQuery } from '../../db/db.ts';
import { now } from '../../lib/clock.ts';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import styles from './FamilyWorshipPage.module.css';

export const NO_LESSONS_TEXT = 'No content available for the current week or upcoming weeks.';

export function FamilyWorshipPage() {
  const stored = useLiveQuery(() => db.lessons.orderBy('position').toArray());
  const synced = useLiveQuery(async () => (await db.meta.get('etag:schedule')) !== undefined);
  if (stored === undefined || (stored.length === 0 && synced === false && navigator.onLine)) {
    return <LoadingScreen label="Loading the schedule" />;
  }
  const { lessons, hasCurrent } = lessonsToShow(stored, now());
  return (
    <div className={`page ${styles.page}`}>
      <h1>Family Worship</h1>
      <p className={styles.intro}>
        A weekly lesson for families to study together. Lessons are updated every Saturday for the upcoming Friday.
      </p>
      {lessons.length === 0 ? (
        <p className="empty-state" data-testid="no-lessons">
          {stored.length === 0 && !navigator.onLine
            ? 'The schedule is not saved on this device yet. Connect to the internet once to download it.'
            : NO_LESSONS_TEXT}
        </p>
      ) : (
        <ol className={styles.list}>
          {lessons.map((lesson, index) => {
            const label = index === 0 ? (hasCurrent ? 'This week' : 'Next') : null;
            const broadcast = lesson.T === BROADCAST_TITLE;
            return (
              <li key={lesson.D} className={styles.card} data-testid="lesson">
                <h2 className={styles.date}>
                  {lesson.D}
                  {label ? <span className={styles.label}>{label}</span> : null}
                </h2>
                <h3 className={broadcast ? styles.broadcast : undefined}>{lesson.T}</h3>
                {lesson.R ? <p>{lesson.R}</p> : null}
                {lessonExtras(lesson).map((extra) => (
                  <div key={extra.title} className={styles.extra}>
                    <h3>{extra.title}</h3>
                    {extra.text ? <p>{extra.text}</p> : null}
                  </div>
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
