// Reminders (/reminders): the person chooses a daily reading reminder at a time of day (in the
// device's time zone, shown) and/or a word when the week's Family Worship lesson is up. Only when
// they save a choice does the browser ask for permission to notify; a first visit never asks.
// Where reminders cannot work (no push, an iPhone tab not on the Home Screen, blocked
// notifications) the screen says why and what to do instead of offering the form.
import { useState, type FormEvent } from 'react';
import { PUSH_BLOCK_TEXT, pushBlock, type PushBlock } from './push-support.ts';
import { deviceZone, storedReminders, turnOff, turnOn } from './reminder-device.ts';
import { errorMessage } from '../../lib/api.ts';
import buttons from '../../components/ui/buttons.module.css';
import styles from './reminders-page.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'problem'; text: string };

const OFFLINE_TEXT = 'Reminders need a connection to switch on or off. Try again when you are online.';

function nextText(nextAt: string): string {
  const at = new Date(nextAt);
  return `Reminders are on. The next one comes ${at.toLocaleDateString(undefined, { weekday: 'long' })} at ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}.`;
}

export function RemindersPage() {
  const initial = storedReminders();
  const [time, setTime] = useState(initial.time);
  const [daily, setDaily] = useState(initial.daily);
  const [weekly, setWeekly] = useState(initial.weekly);
  const [on, setOn] = useState(initial.on);
  const [block, setBlock] = useState<PushBlock | null>(() => pushBlock());
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!daily && !weekly) {
      setStatus({ kind: 'problem', text: 'Choose the daily reading, the weekly lesson or both.' });
      return;
    }
    if (!navigator.onLine) {
      setStatus({ kind: 'problem', text: OFFLINE_TEXT });
      return;
    }
    setStatus({ kind: 'busy' });
    // Asked now, after the person chose a reminder: the browser's prompt then explains itself.
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      if (permission === 'denied') setBlock('denied');
      setStatus({ kind: 'problem', text: 'Reminders stay off: the browser was not allowed to show notifications.' });
      return;
    }
    try {
      const nextAt = await turnOn({ time, daily, weekly });
      setOn(true);
      setStatus({ kind: 'done', text: nextText(nextAt) });
    } catch (error) {
      setStatus({ kind: 'problem', text: navigator.onLine ? errorMessage(error) : OFFLINE_TEXT });
    }
  }

  async function stop() {
    setStatus({ kind: 'busy' });
    try {
      await turnOff();
      setOn(false);
      setStatus({ kind: 'done', text: 'Reminders are off on this device.' });
    } catch (error) {
      setStatus({ kind: 'problem', text: navigator.onLine ? errorMessage(error) : OFFLINE_TEXT });
    }
  }

  return (
    <section className={styles.page} aria-labelledby="reminders-heading">
      <h1 id="reminders-heading" className={styles.heading}>
        Reminders
      </h1>
      <p className={styles.intro}>A daily nudge to read, and a word when this week’s Family Worship lesson is up.</p>
      {block ? (
        <div className={styles.blocked} data-testid="reminders-blocked" role="status">
          <p>{PUSH_BLOCK_TEXT[block].why}</p>
          <p>{PUSH_BLOCK_TEXT[block].what}</p>
        </div>
      ) : (
        <form className={styles.form} onSubmit={save}>
          <label className={styles.choice}>
            <input type="checkbox" checked={daily} onChange={(e) => setDaily(e.target.checked)} />
            Daily reading reminder
          </label>
          <label className={styles.time}>
            <span>At</span>
            <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
            <span className={styles.zone}>your time ({deviceZone()})</span>
          </label>
          <label className={styles.choice}>
            <input type="checkbox" checked={weekly} onChange={(e) => setWeekly(e.target.checked)} />
            “This week’s Family Worship lesson is up” (on the lesson’s day, at the same time)
          </label>
          <div className={styles.actions}>
            <button type="submit" className={buttons.primary} disabled={status.kind === 'busy'}>
              {on ? 'Save reminders' : 'Turn on reminders'}
            </button>
            {on ? (
              <button type="button" className={buttons.secondary} disabled={status.kind === 'busy'} onClick={stop}>
                Turn off reminders
              </button>
            ) : null}
          </div>
        </form>
      )}
      {status.kind === 'done' || status.kind === 'problem' ? (
        <p className={status.kind === 'problem' ? styles.problem : styles.done} data-testid="reminders-status" role="status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
