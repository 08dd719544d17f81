// /daily: a day's text (today's, or the day in `?day=`): the date, the reference with a link to
// the chapter, its verses from the Bible (kept on the device, or fetched and then kept), and the
// comment with its citations as links; previous and next day. Everything comes from the device,
// so every day it holds reads the same offline (sync/daily-sync.ts keeps the window around today).
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DAILY_PAGE_META, formatDailyDate } from '@fw/contracts/daily';
import { isoDay, isoFromDay } from '@fw/contracts/lessons';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { paths } from '../../lib/paths.ts';
import { CitedText } from '../bible/index.ts';
import type { LocalDailyText } from '../../db/db.ts';
import { DailyVerses, useDailyPassage } from './DailyVerses.tsx';
import { todayIso, useDailySynced, useDailyText } from './use-daily.ts';
import styles from './DailyPage.module.css';

export const NO_DAILY_TEXT = 'There is no text for this day.';
export const DAILY_NOT_ON_DEVICE = 'The daily texts are not saved on this device yet. Connect to the internet once to download them.';

/** The day the address names, or today (a day that is not a real date is today too). */
function useDay(): { day: string; today: string } {
  const [params] = useSearchParams();
  const today = todayIso();
  const asked = params.get('day') ?? '';
  return { day: Number.isNaN(isoDay(asked)) ? today : asked, today };
}

/**
 * The longest the page waits, once it has the day's text, for the text's verses before it draws
 * them all: the verses go above the comment, and drawn after it they pushed it and the days' links
 * down by a screen's third (a layout shift of 0.16 on a 375 px phone). The home page waits for
 * the boxes above its cards the same way (HomePage.tsx, ABOVE_CARDS_WAIT_MS).
 */
const VERSES_WAIT_MS = 600;

/** Whether the wait for `osis`'s verses (none: null) has run out. */
function useVersesLate(osis: string | null, loading: boolean): boolean {
  const [late, setLate] = useState<string | null>(null);
  useEffect(() => {
    if (!osis || !loading) return;
    const timer = setTimeout(() => setLate(osis), VERSES_WAIT_MS);
    return () => clearTimeout(timer);
  }, [osis, loading]);
  return late !== null && late === osis;
}

function DailyArticle({ text, passage }: { text: LocalDailyText; passage: ReturnType<typeof useDailyPassage> }) {
  return (
    <article className={styles.text} data-testid="daily-text" data-date={text.date} data-citations>
      <h3 className={styles.reference}>
        {text.reference}
        {text.pending ? <PendingBadge /> : null}
      </h3>
      <DailyVerses osis={text.osis} state={passage} />
      <p className={styles.comment}>
        <CitedText text={text.comment} citations={text.scripture} />
      </p>
    </article>
  );
}

export function DailyPage() {
  const { day, today } = useDay();
  const text = useDailyText(day);
  const synced = useDailySynced();
  useEffect(() => {
    document.title = DAILY_PAGE_META.title;
  }, []);
  const passage = useDailyPassage(text?.osis ?? null);
  const versesLate = useVersesLate(text?.osis ?? null, passage.status === 'loading');
  if (
    text === undefined ||
    (text === null && synced === false && navigator.onLine) ||
    (text && passage.status === 'loading' && !versesLate)
  ) {
    return <LoadingScreen label="Loading the daily text" />;
  }
  const n = isoDay(day);
  const link = (date: string) => (date === today ? paths.daily : `${paths.daily}?day=${date}`);
  const previous = isoFromDay(n - 1);
  const next = isoFromDay(n + 1);
  return (
    <div className={`page ${styles.page}`}>
      <h1>Daily text</h1>
      <section aria-labelledby="daily-date">
        <h2 id="daily-date" className={styles.date}>
          {formatDailyDate(day)}
          {day === today ? <span className={styles.label}>Today</span> : null}
        </h2>
        {text ? (
          <DailyArticle text={text} passage={passage} />
        ) : (
          <p className="empty-state" data-testid="no-daily-text">
            {synced === false ? DAILY_NOT_ON_DEVICE : NO_DAILY_TEXT}
          </p>
        )}
      </section>
      <nav className={styles.days} aria-label="Other days">
        <Link to={link(previous)} rel="prev" aria-label={`Previous day: ${formatDailyDate(previous)}`}>
          ← Previous day
        </Link>
        {/* Not beside a link that already goes there (the day before or after today). */}
        {day !== today && previous !== today && next !== today ? (
          <Link to={paths.daily} className={styles.today}>
            Today
          </Link>
        ) : null}
        <Link to={link(next)} rel="next" aria-label={`Next day: ${formatDailyDate(next)}`}>
          Next day →
        </Link>
      </nav>
    </div>
  );
}
