// /plans/<id>: one plan the reader follows. Today's reading with links into the chapter reader and
// "Mark as read" (pressed again, it takes the marks back); earlier readings still waiting, with
// "Catch up" (read them now) or "Shift the plan to today" (start again from the oldest one);
// progress and a gentle streak line. Reading a chapter to its end in the reader marks it too
// (PlanReadingMark.tsx). "Catch up" opened stays open on Back, Forward and a reload (it is kept
// with the history entry: lib/entry-state.ts).
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PlanProgress } from '../../db/db.ts';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { notifyError } from '../../components/ui/toast.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { paths } from '../../lib/paths.ts';
import { useEntryState } from '../../lib/entry-state.ts';
import buttons from '../../components/ui/buttons.module.css';
import { formatDay, planStatus, readingKey, readingsOf, shiftedStart, addDays } from './plan-progress.ts';
import { MarkReadToggle } from './MarkReadToggle.tsx';
import { markReadings, moveStart, stopPlan, unmarkReadings } from './plan-store.ts';
import { PLAN_WORDS, readingName, streakLine } from './plan-words.ts';
import { today, useFollowedPlans, usePlanDays, usePlanNames } from './use-plans.ts';
import styles from './PlansPage.module.css';

/** The field of history.state that holds the days "Catch up" lists. */
const CAUGHT_UP = 'planCaughtUp';

/** The days kept for "Catch up" (whole numbers from 0), or null: closed. */
const caughtUpOf = (kept: unknown): number[] | null =>
  Array.isArray(kept) ? kept.filter((day): day is number => Number.isInteger(day) && day >= 0) : null;

/** A day's readings as links, with a check on those done, and "Mark as read" as a toggle
 * (MarkReadToggle.tsx): pressed once every reading is done, and pressed again it takes the day's
 * marks back. */
function DayReadings({ progress, days, day, label }: { progress: PlanProgress; days: string[][]; day: number; label: string }) {
  const readings = readingsOf(progress, days, day);
  const open = readings.filter((r) => !r.done);
  const read = readings.length > 0 && open.length === 0;
  const toggle = () =>
    (read
      ? unmarkReadings(progress._id, readings.map((r) => readingKey(day, r.osis)))
      : markReadings(progress._id, open.map((r) => readingKey(day, r.osis)), today())
    ).catch((e: unknown) => notifyError(e));
  return (
    <>
      <ul className={styles.readings} aria-label={label}>
        {readings.map((r) => (
          <li key={r.osis}>
            <Link to={r.href} data-done={r.done}>
              {r.done ? (
                <>
                  <span className={styles.check} aria-hidden="true">
                    ✓
                  </span>
                  <span className="visually-hidden">Read: </span>
                </>
              ) : null}
              {readingName(r)}
            </Link>
          </li>
        ))}
      </ul>
      {readings.length ? (
        <MarkReadToggle read={read} label={label} onToggle={() => void toggle()} />
      ) : null}
    </>
  );
}

/** The earlier days still to read; with "Catch up" open, each with its readings, and a day caught up
 * stays listed (its mark can be taken back) while the list is open. */
function Waiting({ progress, days, missed, caughtUp, onCatchUp }: { progress: PlanProgress; days: string[][]; missed: number[]; caughtUp: number[] | null; onCatchUp: (days: number[] | null) => void }) {
  // The days move with the start, so the list of days caught up goes.
  const shift = () => {
    onCatchUp(null);
    return moveStart(progress._id, shiftedStart(progress, days, today())).catch((e: unknown) => notifyError(e));
  };
  const count = missed.length;
  const listed = caughtUp ? [...new Set([...caughtUp, ...missed])].sort((a, b) => a - b) : [];
  return (
    <section className={styles.waiting} aria-labelledby="plan-waiting" data-testid="plan-waiting">
      <h2 id="plan-waiting" className="visually-hidden">
        Earlier readings
      </h2>
      {count ? (
        <p>
          {count === 1 ? 'One earlier day is' : `${count} earlier days are`} still there for you. Read {count === 1 ? 'it' : 'them'} when you
          can, or start again from today: nothing you have read is lost.
        </p>
      ) : (
        <p>You have caught up on the earlier days.</p>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} aria-expanded={caughtUp !== null} onClick={() => onCatchUp(caughtUp ? null : missed)}>
          {PLAN_WORDS.catchUp}
        </button>
        {count ? (
          <button type="button" className={buttons.secondary} onClick={() => void shift()}>
            {PLAN_WORDS.shift}
          </button>
        ) : null}
      </div>
      {listed.map((day) => (
        <div key={day} className={styles.missedDay}>
          <h3>
            Day {day + 1}, {formatDay(addDays(progress.startDate, day))}
          </h3>
          <DayReadings progress={progress} days={days} day={day} label={`Day ${day + 1}`} />
        </div>
      ))}
    </section>
  );
}

export function PlanPage() {
  const { id = '' } = useParams();
  const followed = useFollowedPlans();
  const progress = followed && (followed.find((p) => p._id === id) ?? null);
  const planDays = usePlanDays(progress ? [progress] : undefined);
  const nameOf = usePlanNames(progress ? [progress] : undefined);
  const name = progress ? nameOf(progress) : '';
  const { confirm, dialog } = useConfirm();
  // The earlier days listed by "Catch up" (null while it is closed): those there when it opened,
  // so a day caught up keeps its place and its toggle under the keyboard. Kept with the history
  // entry, so Back from a reading followed from the list finds it open at the place left.
  const [caughtUp, setCaughtUp] = useEntryState(CAUGHT_UP, caughtUpOf);
  useEffect(() => {
    if (name) document.title = `${name} · Living Best Now`;
  }, [name]);

  if (progress === null) {
    return (
      <div className="page">
        <div className="empty-state">
          <h1>Plan not found</h1>
          <p>This plan is not on this device. It may have been stopped.</p>
          <Link to={paths.plans}>See the reading plans</Link>
        </div>
      </div>
    );
  }
  const days = progress ? planDays?.get(progress._id) : undefined;
  if (!progress || !days) return <LoadingScreen label="Loading the plan" />;
  const status = planStatus(progress, days, today());
  const inPlan = status.todayIndex >= 0 && status.todayIndex < days.length;
  const stop = async () => {
    const yes = await confirm({ title: 'Stop this plan?', text: `“${name}” and what you have read in it will be taken off this device.`, yesLabel: 'Stop the plan' });
    if (yes) await stopPlan(progress._id).catch((e: unknown) => notifyError(e));
  };
  return (
    <div className="page">
      <p>
        <Link to={paths.plans} className="tap-link">← Reading plans</Link>
      </p>
      <h1 className={styles.heading}>{name}</h1>
      <p className={styles.intro}>
        {inPlan ? `Day ${status.todayIndex + 1} of ${days.length}. ` : ''}
        Started {formatDay(progress.startDate)}.
      </p>
      <div className={styles.progressRow}>
        <progress className={styles.bar} max={100} value={status.percent} aria-label="Progress" />
        <span data-testid="plan-percent">{status.percent}% read</span>
      </div>
      <p className={styles.muted} data-testid="plan-streak">
        {streakLine(status.streak)}
      </p>
      <section aria-labelledby="plan-today" className={styles.section}>
        <h2 id="plan-today">Today's reading</h2>
        {status.finished ? (
          <p className={styles.today}>{PLAN_WORDS.finished}</p>
        ) : status.todayIndex < 0 ? (
          <p>This plan starts on {formatDay(progress.startDate)}. Its first reading:</p>
        ) : !inPlan ? (
          <p>The plan's days are over; the readings below are still there for you.</p>
        ) : readingsOf(progress, days, status.todayIndex).every((r) => r.done) ? (
          <p className={styles.today} role="status">
            {PLAN_WORDS.dayDone}
          </p>
        ) : null}
        {status.todayIndex < 0 ? (
          <DayReadings progress={progress} days={days} day={0} label="Day 1" />
        ) : inPlan ? (
          <DayReadings progress={progress} days={days} day={status.todayIndex} label="Today's reading" />
        ) : null}
      </section>
      {(status.missed.length > 0 || Boolean(caughtUp?.length)) && !status.finished ? (
        <Waiting progress={progress} days={days} missed={status.missed} caughtUp={caughtUp} onCatchUp={setCaughtUp} />
      ) : null}
      <button type="button" className={buttons.secondary} onClick={() => void stop()}>
        Stop this plan
      </button>
      {dialog}
    </div>
  );
}
