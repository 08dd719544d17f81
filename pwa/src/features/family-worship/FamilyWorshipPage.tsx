// /family: the current lesson (or the next one) and every later one, by the current-lesson rule
// (contracts/src/lessons.ts); below, the archive of past lessons, newest first, by month, folded
// away (the months opened are kept with the history entry: open-months.ts); a link to one lesson
// opens its month and lands on it (lesson-landing.ts). Everything comes from the device, so it
// reads the same offline.
import { groupByMonth, scheduleView } from '@fw/contracts/lessons';
import { now } from '../../lib/clock.ts';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import buttons from '../../components/ui/buttons.module.css';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { useSyncStatus } from '../../sync/status.ts';
import { LessonCard } from './LessonCard.tsx';
import { useSchedule } from './use-schedule.ts';
import { useOpenMonths } from './open-months.ts';
import { useLessonLanding } from './lesson-landing.ts';
import styles from './FamilyWorshipPage.module.css';
import { PAST_LESSONS_HEADING } from './worship-words.ts';

export const NO_LESSONS_TEXT = 'No content available for the current week or upcoming weeks.';

/** A first download of the schedule that failed: why, and Retry (a spinner would turn for ever). */
function ScheduleProblem({ error }: { error: string }) {
  const retry = async () => (await import('../../sync/engine.ts')).requestSync();
  return (
    <div className={`page ${styles.page}`}>
      <h1>Family Worship</h1>
      <div className="empty-state" role="alert" data-testid="schedule-problem">
        <p>The schedule could not be downloaded: {error}</p>
        <RetryButton retry={retry} className={buttons.primary} />
      </div>
    </div>
  );
}

export function FamilyWorshipPage() {
  const { lessons: stored, synced } = useSchedule();
  const { error } = useSyncStatus();
  const { open, toggled } = useOpenMonths();
  const ready = stored !== undefined && stored.length > 0;
  useLessonLanding(ready, (id) => (ready ? groupByMonth(scheduleView(stored, now()).past).find((g) => g.lessons.some((l) => l._id === id))?.month : undefined), open, toggled);
  if (stored === undefined || (stored.length === 0 && synced === false && navigator.onLine)) {
    return stored !== undefined && error ? <ScheduleProblem error={error} /> : <LoadingScreen label="Loading the schedule" />;
  }
  const { lessons, hasCurrent, past } = scheduleView(stored, now());
  const months = groupByMonth(past);
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
        <ol className={styles.list} data-testid="upcoming-lessons">
          {lessons.map((lesson, index) => (
            <LessonCard key={lesson._id} lesson={lesson} label={index === 0 ? (hasCurrent ? 'This week' : 'Next') : null} />
          ))}
        </ol>
      )}
      {months.length ? (
        <section className={styles.archive} aria-labelledby="past-lessons" data-testid="past-lessons">
          <h2 id="past-lessons">{PAST_LESSONS_HEADING}</h2>
          {months.map((group) => (
            <details
              key={group.month}
              className={styles.month}
              open={open.has(group.month)}
              onToggle={(event) => toggled(group.month, event.currentTarget.open)}
            >
              <summary>
                {group.month} <span className={styles.count}>({group.lessons.length})</span>
              </summary>
              <ol className={`${styles.list} ${styles.pastList}`}>
                {group.lessons.map((lesson) => (
                  <LessonCard key={lesson._id} lesson={lesson} headingLevel={3} />
                ))}
              </ol>
            </details>
          ))}
        </section>
      ) : null}
    </div>
  );
}
