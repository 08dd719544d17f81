// What a search shows beside the article cards (HomePage.tsx): the passage a reference names, on
// top, with its verses, the way to the chapter reader and Share; then the Family Worship lessons
// and the Bible verses that match, each under a heading with its count. Loaded with the first
// search (lazy-groups.tsx): the home page's first screen carries none of it.
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { formatRange, scriptureHref, type ScriptureRange } from '@fw/contracts/bible';
import { normaliseQuery, type SearchPreview } from '@fw/contracts/text';
import { paths } from '../../lib/paths.ts';
import type { DeviceAnswer } from './device-search.ts';
import type { PassageAnswer } from './passage-answer.ts';
import { askDevice, useDeviceSearch } from './use-device-search.ts';
import { readReferences } from './query-reference.ts';
import { readPassages, usePassages } from './use-passages.ts';
import styles from './SearchGroups.module.css';

/** How many books a whole Bible has: fewer on the device means a verse search saw part of it. */
const WHOLE_BIBLE_BOOKS = 66;
const COPIED_MESSAGE = 'Copied';
const COPY_REFUSED_MESSAGE = 'Copying is not allowed here.';

function Preview({ preview }: { preview: SearchPreview | null }) {
  if (!preview) return null;
  return (
    <p className={styles.preview} data-testid="search-preview">
      {preview.before}
      <mark>{preview.match}</mark>
      {preview.after}
    </p>
  );
}

/**
 * The device's share sheet where there is one; otherwise the words and the link are copied, and
 * the answer is the status beside the button (its own, not a toast: this file is loaded with a
 * search, and the toasts' code would come with it). Closing the share sheet says nothing.
 */
async function sharePassage(passage: PassageAnswer): Promise<string> {
  const url = new URL(passage.href, window.location.origin).href;
  const text = `${passage.verses.map((v) => v.text).join(' ')} (${passage.title})`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: passage.title, text, url });
      return '';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return '';
    }
  }
  try {
    await navigator.clipboard.writeText(`${text}\n${url}`);
    return COPIED_MESSAGE;
  } catch {
    return COPY_REFUSED_MESSAGE;
  }
}

const passageId = (href: string) => `passage-${href.replace(/[^a-z0-9]+/g, '-')}`;

function Passage({ passage }: { passage: PassageAnswer }) {
  const [shared, setShared] = useState('');
  const id = passageId(passage.href);
  return (
    <section className={styles.passage} aria-labelledby={id} data-testid="search-passage">
      <h2 id={id} className={styles.passageTitle}>
        {passage.title}
      </h2>
      {passage.verses.length ? (
        <p className={styles.verses} data-testid="search-passage-text">
          {passage.verses.map((v) => (
            <span key={`${v.chapter}:${v.verse}`}>
              <sup className={styles.number}>{v.verse}</sup>
              {v.text}{' '}
            </span>
          ))}
        </p>
      ) : null}
      {passage.complete ? null : (
        <p className={styles.note}>Part of this passage is not on this device yet. It opens once you are online.</p>
      )}
      <div className={styles.actions}>
        <Link to={passage.href} className={styles.action}>
          Read the whole chapter
        </Link>
        {passage.verses.length ? (
          <button type="button" className={styles.action} onClick={() => void sharePassage(passage).then(setShared)}>
            Share
          </button>
        ) : null}
        <span className={styles.status} role="status">
          {shared}
        </span>
      </div>
    </section>
  );
}

function PassageList({ passages }: { passages: PassageAnswer[] | null | undefined }) {
  if (!passages) return null;
  return (
    <>
      {passages.map((passage) => (
        <Passage key={passage.href} passage={passage} />
      ))}
    </>
  );
}

/** Verses reserved for a passage at most: more than that is below the first screen anyway. */
const PENDING_VERSES_MAX = 6;

/** How many verses `range` names: a whole chapter (or more) counts as the most a card reserves. */
function versesNamed(range: ScriptureRange): number {
  if (range.verse === undefined || range.endChapter !== range.chapter) return PENDING_VERSES_MAX;
  return Math.min(PENDING_VERSES_MAX, (range.endVerse ?? range.verse) - range.verse + 1);
}

/**
 * A passage still being read (a device that does not hold its book yet fetches it): its title and
 * the way to its chapter at once, and room for about as many lines as its verses take (the page's
 * results are drawn under it after a moment, and the verses arriving above them pushed them down,
 * a layout shift of 0.16 at 375 px for John 3:16). The words saying so fade in, so a read that
 * ends in a few frames, as from a device's own Bible, shows no flash of them.
 */
function PendingPassage({ range }: { range: ScriptureRange }) {
  return (
    <section className={styles.passage} aria-busy="true" aria-labelledby={passageId(scriptureHref(range))} data-testid="search-passage-pending">
      <h2 id={passageId(scriptureHref(range))} className={styles.passageTitle}>
        {formatRange(range)}
      </h2>
      <p className={`${styles.verses} ${styles.versesPending}`} style={{ '--verses': versesNamed(range) } as CSSProperties}>
        <span className={styles.pendingWords}>Opening the verses…</span>
      </p>
      <div className={styles.actions}>
        <Link to={scriptureHref(range)} className={styles.action}>
          Read the whole chapter
        </Link>
      </div>
    </section>
  );
}

/** The passages only the worker's reference parser reads (device-search.ts). */
function WorkerPassages({ query }: { query: string }) {
  return <PassageList passages={useDeviceSearch(query).answer?.passages} />;
}

function PendingPassages({ needle }: { needle: string }) {
  const ranges = readReferences(needle) ?? [];
  return (
    <>
      {ranges.map((range, i) => (
        <PendingPassage key={i} range={range} />
      ))}
    </>
  );
}

/**
 * The passages a reference query names (none for any other query): read on this page when
 * query-reference.ts reads the query (use-passages.ts), else from the worker's answer.
 */
function PassageGroup({ query, onSettled }: { query: string; onSettled?: () => void }) {
  const read = usePassages(query);
  // Read, or left to the worker (a form only its parser reads): the cards under it may be drawn.
  const settled = read.state !== 'reading';
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (read.state === 'read') return <PassageList passages={read.passages} />;
  if (read.state === 'reading') return <PendingPassages needle={read.needle} />;
  return read.state === 'worker' && query && read.needle === normaliseQuery(query) ? <WorkerPassages query={query} /> : null;
}

/** `count` null: still being counted. */
function GroupHeading({ id, name, count }: { id: string; name: string; count: number | null }) {
  return (
    <h2 id={id} className={styles.heading} aria-busy={count === null}>
      {name} <span className={styles.count}>({count ?? 'counting…'})</span>
    </h2>
  );
}

function LessonGroup({ answer, query }: { answer: DeviceAnswer; query: string }) {
  const { lessons } = answer;
  return (
    <section className={styles.group} aria-labelledby="lesson-results" data-testid="lesson-results">
      <GroupHeading id="lesson-results" name="Family Worship lessons" count={lessons.length} />
      {lessons.length ? (
        <ul className={styles.list}>
          {lessons.map((lesson) => (
            <li key={lesson._id}>
              <Link to={paths.lesson(lesson._id)} className={styles.item} data-testid="lesson-result">
                <span className={styles.itemTitle}>{lesson.T}</span>
                <span className={styles.meta}>{lesson.D}</span>
                <Preview preview={lesson.preview} />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No lessons match “{query}”.</p>
      )}
    </section>
  );
}

function VerseGroup({ answer, query, onMore }: { answer: DeviceAnswer; query: string; onMore: () => void }) {
  if (!answer.verses) return null;
  const { count, verses, books, more } = answer.verses;
  return (
    <section className={styles.group} aria-labelledby="verse-results" data-testid="verse-results">
      <GroupHeading id="verse-results" name="Bible verses" count={count} />
      {books < WHOLE_BIBLE_BOOKS ? (
        <p className={styles.note}>
          {books === 0
            ? 'No Bible books are kept on this device yet, so no verses were searched.'
            : `Searched the ${books} of ${WHOLE_BIBLE_BOOKS} books kept on this device. To search all of it, choose “Keep the whole Bible on this device” at the foot of the page.`}
        </p>
      ) : null}
      {verses.length ? (
        <ul className={styles.list}>
          {verses.map((verse) => (
            <li key={verse.href}>
              <Link to={verse.href} className={styles.item} data-testid="verse-result">
                <span className={styles.itemTitle}>{verse.title}</span>
                <Preview preview={verse.preview} />
              </Link>
            </li>
          ))}
        </ul>
      ) : books > 0 ? (
        <p className={styles.empty}>No Bible verses contain “{query}”.</p>
      ) : null}
      {more ? (
        <button type="button" className={styles.more} onClick={onMore}>
          Show more verses{count === null ? '' : ` (${count - verses.length} more)`}
        </button>
      ) : null}
    </section>
  );
}

/** The lessons and the verses; a loading line until the worker answers. */
function OtherGroups({ query }: { query: string }) {
  const { answer, more: onMoreVerses } = useDeviceSearch(query);
  if (!answer) {
    return (
      <p className={styles.loading} role="status" aria-busy="true">
        Searching the lessons and the Bible…
      </p>
    );
  }
  return (
    <>
      <LessonGroup answer={answer} query={query} />
      <VerseGroup answer={answer} query={query} onMore={onMoreVerses} />
    </>
  );
}

/**
 * The passage above the articles (`top`), the lessons and verses below them (`bottom`). Reached
 * through lazy-groups.tsx's `import()`, which knip does not follow into members.
 * @public
 */
export function Extras({ query, part, onSettled }: { query: string; part: 'top' | 'bottom'; onSettled?: () => void }) {
  return part === 'top' ? <PassageGroup query={query} onSettled={onSettled} /> : <OtherGroups query={query} />;
}

/**
 * A search was just submitted (or cleared): its passage is read and the worker asked now, while
 * the page is still on its way to showing it (use-passages.ts). Answers once the passage is read
 * (at once for a query that names none). Reached like Extras.
 * @public
 */
export function searchSubmitted(query: string): Promise<void> {
  const read = readPassages(query, true);
  askDevice(query);
  return read;
}
