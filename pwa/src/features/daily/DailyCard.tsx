// Today's text on the home page, above the articles: the reference, the start of its first verse
// (from the Bible kept on the device, when it is) and the first words of the comment, with a link
// to /daily. Nothing at all on a day with no text, nor on the visit whose sync brings the text.
// Kept small: it is on the home page's first screen; the verse lookup loads only when there is a
// text to show.
// It reads the device itself rather than through use-daily.ts: a module shared with the /daily
// page would be one more file for the home page's code to name (bench/weight.mjs).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isoFromDay, localDay } from '@fw/contracts/lessons';
import { db, useLiveQuery } from '../../db/db.ts';
import { now } from '../../lib/clock.ts';
import { paths } from '../../lib/paths.ts';
import { textsFirstKeptByThisPage } from '../../sync/daily-sync.ts';
import styles from './DailyCard.module.css';

/** How much of the comment the card shows. */
const CARD_COMMENT_WORDS = 12;

export const READ_TODAY_TEXT = 'Read today’s text';

const firstWords = (text: string) => {
  const words = text.split(/\s+/);
  return words.length > CARD_COMMENT_WORDS ? `${words.slice(0, CARD_COMMENT_WORDS).join(' ')}…` : text;
};

/**
 * `onSettled` is told once the card is drawn, or known not to be; `hidden` keeps it read but not
 * shown.
 */
export function DailyCard({ onSettled, hidden = false }: { onSettled?: () => void; hidden?: boolean }) {
  const today = isoFromDay(localDay(now()));
  const text = useLiveQuery(async () => (await db.dailyTexts.get(today)) ?? null, [today]);
  // Whether the card belongs on this visit, decided on the device's first answer, and never when
  // this page's own first sync brought the texts: a text that arrives during a visit waits for the
  // next, rather than push the articles down under the reader's eyes.
  const [belongs, setBelongs] = useState<boolean | undefined>(undefined);
  if (belongs === undefined && text !== undefined) setBelongs(text !== null && !textsFirstKeptByThisPage());
  const osis = text?.osis;
  const [verse, setVerse] = useState<{ osis: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!osis) return;
    let live = true;
    void import('./first-verse.ts')
      .then(({ firstVerseOnDevice }) => firstVerseOnDevice(osis))
      .then((found) => live && setVerse({ osis, text: found }));
    return () => {
      live = false;
    };
  }, [osis]);
  // Drawn whole or not at all: a verse line added after the card would move the page again.
  const verseSettled = !osis || verse?.osis === osis;
  const settled = belongs === false || (belongs === true && verseSettled);
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (hidden || !belongs || !text || !verseSettled) return null;
  const verseText = verse && verse.osis === osis ? verse.text : null;
  return (
    <section className={styles.card} aria-labelledby="daily-card-heading" data-testid="daily-card">
      <h2 id="daily-card-heading" className={styles.heading}>
        Today’s text <span className={styles.reference}>{text.reference}</span>
      </h2>
      {verseText ? <p className={styles.verse} data-testid="daily-card-verse">{verseText}</p> : null}
      <p className={styles.comment}>{firstWords(text.comment)}</p>
      <Link to={paths.daily} className={styles.link}>
        {READ_TODAY_TEXT}
      </Link>
    </section>
  );
}
