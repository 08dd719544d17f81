// /plans: the reading plans the reader follows, with today's reading, progress and a gentle
// streak, and the plans to start (the build's, and this week's lesson) from a chosen day, today by
// default. Everything is on the device, so it reads and works the same offline.
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PlanProgress } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { paths } from '../../lib/paths.ts';
import buttons from '../../components/ui/buttons.module.css';
import { formatDay, planStatus, readingsOf } from './plan-progress.ts';
import { startPlan } from './plan-store.ts';
import { PLAN_WORDS, readingName, streakLine } from './plan-words.ts';
import { today, useBuiltInPlans, useFollowedPlans, useLessonPlan, usePlanDays, usePlanNames } from './use-plans.ts';
import styles from './PlansPage.module.css';

function FollowedPlan({ progress, days, name }: { progress: PlanProgress; days: string[][]; name: string }) {
  const status = planStatus(progress, days, today());
  const current = status.todayIndex >= 0 && status.todayIndex < days.length ? readingsOf(progress, days, status.todayIndex) : [];
  let todayLine: string;
  if (status.finished) todayLine = PLAN_WORDS.finished;
  else if (status.todayIndex < 0) todayLine = `Starts on ${formatDay(progress.startDate)}.`;
  else if (current.length === 0) todayLine = 'No new reading today.';
  else if (current.every((r) => r.done)) todayLine = PLAN_WORDS.dayDone;
  else todayLine = `Today: ${current.map(readingName).join(', ')}`;
  return (
    <li className={styles.card} data-testid="followed-plan">
      <h3 className={styles.cardTitle}>
        <Link to={paths.plan(progress._id)}>{name}</Link>
      </h3>
      <p className={styles.today}>{todayLine}</p>
      <div className={styles.progressRow}>
        <progress className={styles.bar} max={100} value={status.percent} aria-label={`${name}: progress`} />
        <span>{status.percent}% read</span>
      </div>
      <p className={styles.muted}>{streakLine(status.streak)}</p>
    </li>
  );
}

interface Offer {
  id: string;
  name: string;
  description: string;
  dayCount: number;
  /** A plan made on the device keeps its readings in its record. */
  days?: string[][];
}

export function PlansPage() {
  const followed = useFollowedPlans();
  const planDays = usePlanDays(followed);
  const builtIn = useBuiltInPlans();
  const lesson = useLessonPlan();
  const nameOf = usePlanNames(followed);
  const navigate = useNavigate();
  const dateId = useId();
  const [startDate, setStartDate] = useState(today);
  const [starting, setStarting] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Reading plans · Living Best Now';
  }, []);

  if (!followed || !builtIn) return <LoadingScreen label="Loading the reading plans" />;
  // This week's lesson last: on a first visit it comes with the schedule, a moment after the rest,
  // and drawn under them it moves none of them.
  const offers: Offer[] = [
    ...builtIn.map((p) => ({ id: p.id, name: p.name, description: p.description, dayCount: p.days.length })),
    ...(lesson ? [{ id: lesson.id, name: lesson.name, description: lesson.description, dayCount: lesson.days.length, days: lesson.days }] : []),
  ];
  const followedBy = new Map(followed.map((p) => [p.planId, p]));
  const start = async (offer: Offer) => {
    setStarting(offer.id);
    try {
      const made = await startPlan({ id: offer.id, name: offer.name, ...(offer.days ? { days: offer.days } : {}) }, startDate || today());
      await navigate(paths.plan(made._id));
    } catch (error) {
      notifyError(error, 'The plan could not be started.');
      setStarting(null);
    }
  };

  return (
    <div className="page">
      <h1 className={styles.heading}>Reading plans</h1>
      <p className={styles.intro}>A little of the Bible every day. Your progress stays on this device and works offline.</p>
      {followed.length ? (
        <section aria-labelledby="plans-followed" className={styles.section}>
          <h2 id="plans-followed">Your plans</h2>
          <ul className={styles.list}>
            {followed.map((p) => {
              const days = planDays?.get(p._id);
              return days ? <FollowedPlan key={p._id} progress={p} days={days} name={nameOf(p)} /> : null;
            })}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="plans-start" className={styles.section}>
        <h2 id="plans-start">Start a plan</h2>
        <div className={styles.dateField}>
          <label htmlFor={dateId}>Start on</label>
          <input id={dateId} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        </div>
        <ul className={styles.list}>
          {offers.map((offer) => {
            const mine = followedBy.get(offer.id);
            return (
              <li key={offer.id} className={styles.card} data-testid="plan-offer">
                <h3 className={styles.cardTitle}>{offer.name}</h3>
                <p>{offer.description}</p>
                <p className={styles.muted}>{offer.dayCount} {offer.dayCount === 1 ? 'day' : 'days'}</p>
                {mine ? (
                  <Link to={paths.plan(mine._id)}>You follow this plan: open it</Link>
                ) : (
                  <button
                    type="button"
                    className={buttons.primary}
                    disabled={starting !== null}
                    aria-label={`Start ${offer.name}`}
                    onClick={() => void start(offer)}
                  >
                    Start
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {lesson === null ? (
          <p className={styles.muted}>No Family Worship lesson with Bible passages is on this device for this week yet, so there is no plan for it.</p>
        ) : null}
      </section>
    </div>
  );
}
