// In the chapter reader: when this chapter is a reading due in a plan the reader follows (today's,
// or an earlier one still waiting), reaching the chapter's end marks it read, with a small
// acknowledgement, the plan's next reading and the plan page's "Mark as read" toggle to take the
// mark back. The end is a marker after the last verse, watched with an IntersectionObserver, so
// only reading (or scrolling) that far counts, not opening the page.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PlanProgress } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
import { dueReadingIn, isDayDone, nextReading, readingKey, type Reading } from './plan-progress.ts';
import { markReadings, unmarkReadings } from './plan-store.ts';
import { MarkReadToggle } from './MarkReadToggle.tsx';
import { PLAN_WORDS, readingName } from './plan-words.ts';
import { today, useFollowedPlans, usePlanDays, usePlanNames } from './use-plans.ts';
import styles from './PlanReadingMark.module.css';

interface Due {
  progress: PlanProgress;
  reading: Reading;
}

/** A reading marked here, by reaching the chapter's end; shown from the plan as it is now, so a
 * mark taken back (or given again) with the toggle under it shows at once. */
interface Marked {
  progressId: string;
  reading: Reading;
}

export function PlanReadingMark({ osis, chapter }: { osis: string; chapter: number }) {
  const plans = useFollowedPlans();
  const planDays = usePlanDays(plans);
  const nameOf = usePlanNames(plans);
  const endRef = useRef<HTMLDivElement>(null);
  const [marked, setMarked] = useState<Marked[]>([]);
  const due: Due[] = [];
  for (const progress of plans ?? []) {
    const days = planDays?.get(progress._id);
    const reading = days ? dueReadingIn(progress, days, today(), osis, chapter) : null;
    // A reading marked on this visit and taken back is due again, but is not marked again because
    // the chapter's end is still in view.
    const markedHere = marked.some((m) => m.progressId === progress._id && m.reading.day === reading?.day && m.reading.osis === reading.osis);
    if (reading && !markedHere) due.push({ progress, reading });
  }
  const dueKey = due.map((d) => `${d.progress._id}:${d.reading.day}:${d.reading.osis}`).join(',');

  useEffect(() => {
    const end = endRef.current;
    if (!end || !dueKey || !planDays) return;
    let done = false;
    const observer = new IntersectionObserver((entries) => {
      if (done || !entries.some((e) => e.isIntersecting)) return;
      done = true;
      observer.disconnect();
      void Promise.all(
        due.map(async ({ progress, reading }) => {
          const after = await markReadings(progress._id, [readingKey(reading.day, reading.osis)], today());
          return after ? { progressId: after._id, reading } : null;
        }),
      ).then((list) => setMarked((before) => [...before, ...list.filter((m): m is Marked => m !== null)]));
    });
    observer.observe(end);
    return () => observer.disconnect();
    // `due` is named by dueKey; the plans' days by planDays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dueKey, planDays]);

  // Each note from its plan as it is now; a plan stopped meanwhile has none.
  const notes = marked.flatMap(({ progressId, reading }) => {
    const progress = plans?.find((p) => p._id === progressId);
    const days = planDays?.get(progressId);
    if (!progress || !days) return [];
    const key = readingKey(reading.day, reading.osis);
    const read = progress.done.includes(key);
    const next = read ? nextReading(progress, days, reading.day) : null;
    return [{ progress, reading, key, read, dayDone: read && isDayDone(progress, days, reading.day), next }];
  });
  // The same toggle as the plan page's (MarkReadToggle.tsx), for this one reading; the stores
  // write on the device, so it works offline.
  const toggle = (progressId: string, key: string, read: boolean) =>
    (read ? unmarkReadings(progressId, [key]) : markReadings(progressId, [key], today())).catch((e: unknown) => notifyError(e));

  return (
    <>
      <div ref={endRef} data-testid="chapter-end" aria-hidden="true" />
      {notes.length ? (
        <div className={styles.done} data-testid="plan-marked">
          {notes.map(({ progress, reading, key, read, dayDone, next }) => (
            <div key={`${progress._id}:${key}`} className={styles.note}>
              <p role="status">
                {read ? '✓ ' : ''}
                {readingName(reading)} {read ? 'marked as read' : 'is not marked as read'} in <Link to={paths.plan(progress._id)}>{nameOf(progress)}</Link>.
                {dayDone ? ' That is the day’s reading done.' : ''}
                {next ? (
                  <>
                    {' '}
                    <Link to={next.href} className={styles.next}>
                      {PLAN_WORDS.nextReading}: {readingName(next)}
                    </Link>
                  </>
                ) : null}
              </p>
              <MarkReadToggle read={read} label={readingName(reading)} onToggle={() => void toggle(progress._id, key, read)} />
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
