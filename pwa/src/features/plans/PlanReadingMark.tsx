// In the chapter reader: when this chapter is a reading due in a plan the reader follows (today's,
// or an earlier one still waiting), reaching the chapter's end marks it read, with a small
// acknowledgement and the plan's next reading. The end is a marker after the last verse, watched
// with an IntersectionObserver, so only reading (or scrolling) that far counts, not opening the page.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { db, useLiveQuery, type PlanProgress } from '../../db/db.ts';
import { paths } from '../../lib/paths.ts';
import { dueReadingIn, isDayDone, nextReading, readingKey, type Reading } from './plan-progress.ts';
import { markReadings } from './plan-store.ts';
import { PLAN_WORDS, readingName } from './plan-words.ts';
import { today, usePlanDays } from './use-plans.ts';
import styles from './PlanReadingMark.module.css';

interface Due {
  progress: PlanProgress;
  reading: Reading;
}

interface Marked {
  progress: PlanProgress;
  reading: Reading;
  dayDone: boolean;
  next: Reading | null;
}

export function PlanReadingMark({ osis, chapter }: { osis: string; chapter: number }) {
  const plans = useLiveQuery(() => db.planProgress.toArray(), []);
  const planDays = usePlanDays(plans);
  const endRef = useRef<HTMLDivElement>(null);
  const [marked, setMarked] = useState<Marked[]>([]);
  const due: Due[] = [];
  for (const progress of plans ?? []) {
    const days = planDays?.get(progress._id);
    const reading = days ? dueReadingIn(progress, days, today(), osis, chapter) : null;
    if (reading) due.push({ progress, reading });
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
          if (!after) return null;
          const days = planDays.get(progress._id) ?? [];
          return { progress: after, reading, dayDone: isDayDone(after, days, reading.day), next: nextReading(after, days, reading.day) };
        }),
      ).then((list) => setMarked(list.filter((m): m is Marked => m !== null)));
    });
    observer.observe(end);
    return () => observer.disconnect();
    // `due` is named by dueKey; the plans' days by planDays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dueKey, planDays]);

  return (
    <>
      <div ref={endRef} data-testid="chapter-end" aria-hidden="true" />
      {marked.length ? (
        <div className={styles.done} role="status" data-testid="plan-marked">
          {marked.map(({ progress, reading, dayDone, next }) => (
            <p key={progress._id}>
              ✓ {readingName(reading)} marked as read in <Link to={paths.plan(progress._id)}>{progress.title}</Link>.
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
          ))}
        </div>
      ) : null}
    </>
  );
}
