// My notes (/notes): every highlight and note on this device, grouped by article (the article with
// the newest change first, newest first within it), searchable offline with the articles' search
// rule (contracts/text.ts: NFC, case-insensitive substring, spaces folded), each opening the
// article at its place. Highlights whose words left the article say so and keep their text.
// Highlights on Bible verses are grouped by chapter under its name, each linking back to its
// verses in the chapter reader. The search typed and the items "Show more" added are kept with the
// history entry (lib/entry-state.ts), and the notes as last read in memory, so Back (or Forward,
// or a reload) to the page draws it as it was left in its first render, at the place left.
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { OBJECT_ID_PATTERN } from '@fw/contracts/limits';
import { foldForSearch, normaliseQuery } from '@fw/contracts/text';
import { paths } from '../../lib/paths.ts';
import { useEntryState } from '../../lib/entry-state.ts';
import { inSlices } from '../../lib/next-task.ts';
import { shortDate } from '../../lib/format.ts';
import { db, readInPages, useLiveQuery, type ArticleNote, type Highlight, type VerseHighlight } from '../../db/db.ts';
import { BackupActions } from './BackupActions.tsx';
import { BackupReminder } from './BackupReminder.tsx';
import { NO_LONGER_IN_ARTICLE } from './StudySheet.tsx';
import { HIGHLIGHT_HASH_PREFIX } from './study-store.ts';
import { passageHref, passageRange, passageTitle } from './verse-anchor.ts';
import { chapterPath, formatRange } from '@fw/contracts/bible';
import styles from './notes-page.module.css';

// Loaded beside the notes, not in this screen's file: the sync space's code is not needed to read
// one's notes. Not React.lazy: a Suspense boundary shows its content no sooner than 300 ms after
// its fallback, and the panel, drawn that late, pushed the Backup section under it down (a layout
// shift of 0.11 to 0.22). Asked afresh at each mount after a failure (offline on a first visit).
type StudySyncPart = ComponentType<{ place: 'notes'; onDrawn: () => void }>;
let studySync: StudySyncPart | undefined;
const loadStudySync = async () => (studySync = (await import('../study-sync/index.ts')).StudySync);
/** Whether the panel was drawn in this visit: a return to the page shows its parts from the first render. */
let panelDrawnBefore = false;

/**
 * The longest the list, the sync panel and the backup section wait for the notes read from the
 * device before they are drawn anyway: drawn one after the other, each pushed the next down. The
 * home page waits for the boxes above its cards the same way (HomePage.tsx, ABOVE_CARDS_WAIT_MS).
 */
const PARTS_WAIT_MS = 600;
/**
 * The longest they wait for the sync panel (its file, then its read of the device's sync space).
 * Longer: a panel drawn after them pushed the Backup section under it down, a layout shift of 0.22
 * on a phone when its file came 1.2 s late (as on a busy device), and the file is the app's own,
 * kept by the service worker after the first visit, so the wait is seldom more than a moment.
 */
const PANEL_WAIT_MS = 2000;

/** The sync panel (null: not here, or its file could not load), and whether its load has ended. */
function useStudySyncPanel(): { Panel: StudySyncPart | null; settled: boolean } {
  const [Panel, setPanel] = useState<StudySyncPart | null>(() => studySync ?? null);
  const [settled, setSettled] = useState(studySync !== undefined);
  useEffect(() => {
    if (studySync) return;
    let live = true;
    loadStudySync()
      .then((part) => live && setPanel(() => part), console.error)
      .finally(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return { Panel, settled };
}

/** Whether the page has waited `ms` since it was first drawn. */
function useWaitedOut(ms: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
}

type Entry = { kind: 'highlight'; h: Highlight } | { kind: 'note'; n: ArticleNote } | { kind: 'verse'; v: VerseHighlight };
/** An entry with its time and its group's title, worked out once per read (groupAll). */
type Item = Entry & { time: number; title: string };

interface Group {
  /** An article's id, or "bible:John.3" for a chapter's verse highlights. */
  articleId: string;
  title: string;
  /** Where the group's heading links: the article, or the chapter in the reader. */
  href: string | null;
  newest: number;
  items: Item[];
}

const itemTime = (i: Entry) => (i.kind === 'highlight' ? i.h.updatedAt : i.kind === 'verse' ? i.v.updatedAt : i.n.updatedAt);
function itemText(i: Entry, title: string): string {
  if (i.kind === 'highlight') return foldForSearch(`${i.h.quote.exact}\n${i.h.note}\n${title}`);
  if (i.kind === 'verse') return foldForSearch(`${passageTitle(i.v.passage)}\n${i.v.text}\n${i.v.note}\n${title}`);
  return foldForSearch(`${i.n.text}\n${title}`);
}
/** Links are made only from real ids (a restored backup is checked too: backup.ts). */
const isId = (id: string) => OBJECT_ID_PATTERN.test(id);

interface NotesData {
  highlights: Highlight[];
  verseHighlights: VerseHighlight[];
  notes: ArticleNote[];
  titles: Map<string, string | undefined>;
}

/** Items drawn at first, and added by each "Show more": a linked device may hold thousands. */
const ITEMS_PER_SHOW = 100;

/** The fields of history.state that hold the search typed and how many items are shown. */
const QUERY_FIELD = 'notesQuery';
const SHOWN_FIELD = 'notesShown';
const queryOf = (kept: unknown): string => (typeof kept === 'string' ? kept : '');
const shownOf = (kept: unknown): number =>
  typeof kept === 'number' && Number.isInteger(kept) && kept > ITEMS_PER_SHOW ? kept : ITEMS_PER_SHOW;

/**
 * The notes as last read in this visit. A return to the page draws them from here in its first
 * render, before the browser puts that entry's scroll back: read from the device, they would come
 * a few frames later, after a page too short for the place, and the list drawn then would leave
 * the window away from it (use-schedule.ts keeps /family's lessons for the same reason).
 */
let notesRead: NotesData | undefined;

/** The first `limit` items of `groups`, in order (the group holding the last one cut short). */
function firstItems(groups: Group[], limit: number): Group[] {
  const out: Group[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    out.push(group.items.length <= left ? group : { ...group, items: group.items.slice(0, left) });
    left -= group.items.length;
  }
  return out;
}

/**
 * Every item by article (the article with the newest change first), newest first within each:
 * worked out in slices (lib/next-task.ts) after each read. It was worked out in the render, the
 * render's one pass over all the notes (4,000 on a device that had just linked to a sync space,
 * redrawn after each page the link merged), and links at 4x CPU showed React's renders in tasks of
 * 98-103 ms.
 */
async function groupAll(data: NotesData): Promise<Group[]> {
  const byArticle = new Map<string, Group>();
  const add = (articleId: string, storedTitle: string, entry: Entry, href: string | null) => {
    const title = data.titles.get(articleId) ?? storedTitle;
    let group = byArticle.get(articleId);
    if (!group) byArticle.set(articleId, (group = { articleId, title, href, newest: 0, items: [] }));
    const item: Item = { ...entry, time: itemTime(entry), title };
    group.items.push(item);
    group.newest = Math.max(group.newest, item.time);
  };
  const articleHref = (id: string) => (isId(id) ? paths.article(id) : null);
  await inSlices(data.highlights, (h) => add(h.articleId, h.articleTitle, { kind: 'highlight', h }, articleHref(h.articleId)));
  await inSlices(data.notes, (n) => add(n.articleId, n.articleTitle, { kind: 'note', n }, articleHref(n.articleId)));
  await inSlices(data.verseHighlights, (v) => {
    const { book, chapter } = passageRange(v.passage);
    add(`bible:${v.chapterId}`, formatRange({ book, chapter, endChapter: chapter }), { kind: 'verse', v }, chapterPath(book, chapter));
  });
  const list = [...byArticle.values()].sort((a, b) => b.newest - a.newest);
  await inSlices(list, (group) => group.items.sort((a, b) => b.time - a.time));
  return list;
}

/**
 * The text a search looks in, made at the first search after a read and kept for the next letters:
 * made with every read instead, it added folding thousands of notes to each page a sync merged.
 */
const searchText = new WeakMap<Item, string>();
function textOf(item: Item): string {
  let text = searchText.get(item);
  if (text === undefined) searchText.set(item, (text = itemText(item, item.title)));
  return text;
}

/** The items of `groups` matching `query` (all of them for none), by article, the newest change first. */
function matching(groups: Group[], query: string): Group[] {
  const needle = normaliseQuery(query);
  if (!needle) return groups;
  const out: Group[] = [];
  for (const group of groups) {
    const items = group.items.filter((item) => textOf(item).includes(needle));
    if (items.length) out.push({ ...group, items, newest: items.reduce((newest, item) => Math.max(newest, item.time), 0) });
  }
  return out.sort((a, b) => b.newest - a.newest);
}

/** The groups worked out from the notes last read, and what they were worked out from (useGroups). */
let groupsRead: { from: NotesData; groups: Group[] } | undefined;

/**
 * The notes grouped (groupAll), worked out again after each read; a return to the page has them
 * from memory in its first render, as it has the notes (notesRead).
 */
function useGroups(data: NotesData | undefined): Group[] | undefined {
  const [grouped, setGrouped] = useState(() => (groupsRead && groupsRead.from === data ? groupsRead : undefined));
  useEffect(() => {
    if (!data || grouped?.from === data) return;
    let live = true;
    void groupAll(data).then((groups) => {
      if (!live) return;
      groupsRead = { from: data, groups };
      setGrouped(groupsRead);
    });
    return () => {
      live = false;
    };
  }, [data, grouped]);
  return grouped?.groups;
}

function VerseItem({ v }: { v: VerseHighlight }) {
  const title = passageTitle(v.passage);
  return (
    <li className={styles.item} data-testid="notes-item">
      <p className={styles.kind}>{title}</p>
      <blockquote className={`${styles.quote} hl-${v.color}`}>{v.text}</blockquote>
      {v.note ? <p className={styles.note}>{v.note}</p> : null}
      <p className={styles.meta}>
        <span>{shortDate(v.updatedAt)}</span>
        <Link to={passageHref(v.passage)} aria-label={`Open ${title} in the Bible`}>
          Open the verses
        </Link>
      </p>
    </li>
  );
}

function HighlightItem({ h, articleId }: { h: Highlight; articleId: string }) {
  return (
    <li className={styles.item} data-testid="notes-item">
      {h.orphan ? <p className={styles.orphan}>{NO_LONGER_IN_ARTICLE}</p> : null}
      <blockquote className={`${styles.quote} hl-${h.color}`}>{h.quote.exact}</blockquote>
      {h.note ? <p className={styles.note}>{h.note}</p> : null}
      <p className={styles.meta}>
        <span>{shortDate(h.updatedAt)}</span>
        {isId(articleId) && isId(h._id) ? <Link to={`${paths.article(articleId)}${HIGHLIGHT_HASH_PREFIX}${h._id}`}>Open at this place</Link> : null}
      </p>
    </li>
  );
}

function NoteItem({ n, articleId }: { n: ArticleNote; articleId: string }) {
  return (
    <li className={styles.item} data-testid="notes-item">
      <p className={styles.kind}>Note on the article</p>
      <p className={styles.note}>{n.text}</p>
      <p className={styles.meta}>
        <span>{shortDate(n.updatedAt)}</span>
        {isId(articleId) ? <Link to={paths.article(articleId)}>Open the article</Link> : null}
      </p>
    </li>
  );
}

interface ItemProps {
  item: Item;
  articleId: string;
}

/**
 * Whether an item would be drawn as it was: each read of the notes makes new objects for every
 * record, and a sync's link, merging thousands, had the hundred items on screen drawn again as
 * they were (React's renders of My notes in tasks of 65-84 ms at 4x CPU while a device linked).
 */
function drawnAlike({ item: a, articleId }: ItemProps, { item: b, articleId: otherArticle }: ItemProps): boolean {
  if (a === b) return articleId === otherArticle;
  if (articleId !== otherArticle) return false;
  if (a.kind === 'highlight' && b.kind === 'highlight') {
    const [x, y] = [a.h, b.h];
    return x._id === y._id && x.updatedAt === y.updatedAt && x.color === y.color && x.note === y.note && x.orphan === y.orphan && x.quote.exact === y.quote.exact;
  }
  if (a.kind === 'note' && b.kind === 'note') return a.n._id === b.n._id && a.n.updatedAt === b.n.updatedAt && a.n.text === b.n.text;
  if (a.kind === 'verse' && b.kind === 'verse') {
    const [x, y] = [a.v, b.v];
    return x._id === y._id && x.updatedAt === y.updatedAt && x.color === y.color && x.note === y.note && x.text === y.text && passageHref(x.passage) === passageHref(y.passage);
  }
  return false;
}

const NotesItem = memo(function NotesItem({ item, articleId }: ItemProps) {
  if (item.kind === 'verse') return <VerseItem v={item.v} />;
  if (item.kind === 'highlight') return <HighlightItem h={item.h} articleId={articleId} />;
  return <NoteItem n={item.n} articleId={articleId} />;
}, drawnAlike);

const itemKey = (item: Item) => (item.kind === 'verse' ? item.v._id : item.kind === 'highlight' ? item.h._id : item.n._id);

/** An article's (or a chapter's) items; the same group object is not drawn again (memo). */
const NotesGroup = memo(function NotesGroup({ group }: { group: Group }) {
  return (
    <section className={styles.group} aria-labelledby={`g-${group.articleId}`} data-testid="notes-group">
      <h2 id={`g-${group.articleId}`}>
        {/* Alone on its line: a finger's target (global.css .tap-link). */}
        {group.href ? <Link to={group.href} className="tap-link">{group.title}</Link> : group.title}
      </h2>
      <ul className={styles.items}>
        {group.items.map((item) => (
          <NotesItem key={itemKey(item)} item={item} articleId={group.articleId} />
        ))}
      </ul>
    </section>
  );
});

export function NotesPage() {
  const stored = useLiveQuery(async (): Promise<NotesData> => {
    // A page of rows a read (readInPages): a linked device may hold thousands, and one read hands
    // them all over in one task.
    const [highlights, verseHighlights, notes] = await Promise.all([readInPages(db.highlights), readInPages(db.verseHighlights), readInPages(db.notes)]);
    const ids = [...new Set([...highlights.map((h) => h.articleId), ...notes.map((n) => n.articleId)])];
    const articles = await db.articles.bulkGet(ids);
    const titles = new Map(ids.map((id, i) => [id, articles[i]?.title]));
    notesRead = { highlights, verseHighlights, notes, titles };
    return notesRead;
  }, []) ?? notesRead;
  // A sync that brings thousands redraws the list in the background, a slice at a time, so the
  // page keeps answering (a person typing in the search box sees their letters at once too).
  const data = useDeferredValue(stored);
  const [query, setQuery] = useEntryState(QUERY_FIELD, queryOf);
  const [shown, setShown] = useEntryState(SHOWN_FIELD, shownOf);
  const { Panel: StudySyncPanel, settled: panelSettled } = useStudySyncPanel();
  const waitedForNotes = useWaitedOut(PARTS_WAIT_MS);
  const waitedForPanel = useWaitedOut(PANEL_WAIT_MS);
  // Everything under the intro comes in one frame: the notes (a return draws them from memory at
  // once) and the sync panel, or whichever is here once its wait ran out.
  const all = useGroups(data);
  const partsDrawn = (panelSettled && (all !== undefined || waitedForNotes)) || waitedForPanel;
  // The panel draws nothing until it has read the device's sync space: the parts are drawn unseen
  // (display: none, so nothing of them is laid out to move) until it has, and then shown at once.
  const [panelDrawn, setPanelDrawn] = useState(panelDrawnBefore);
  const panelShown = useCallback(() => {
    panelDrawnBefore = true;
    setPanelDrawn(true);
  }, []);
  const partsShown = panelDrawn || (panelSettled && !StudySyncPanel) || waitedForPanel;
  useEffect(() => {
    document.title = 'My notes · Living Best Now';
  }, []);

  const groups = useMemo(() => (all ? matching(all, query) : undefined), [all, query]);
  const found = groups?.reduce((n, group) => n + group.items.length, 0) ?? 0;
  const visible = useMemo(() => (groups ? firstItems(groups, shown) : undefined), [groups, shown]);

  const empty = all?.length === 0;
  return (
    <div className="page">
      <h1 className={styles.heading}>My notes</h1>
      <p className={styles.intro}>
        Your highlights and notes, kept on this device and readable offline. Reading every day? See your <Link to={paths.plans}>reading plans</Link>.
      </p>
      <BackupReminder />
      {partsDrawn ? (
        <div hidden={!partsShown}>
          {empty ? (
            <div className="empty-state">
              <p>No highlights or notes yet. Select words in an article to highlight them or add a note.</p>
              <Link to={paths.home} className="tap-link">Browse the articles</Link>
            </div>
          ) : (
            <>
              <div className={styles.search} role="search">
                <label htmlFor="notes-search">Search my notes</label>
                <input id="notes-search" type="search" value={query} onChange={(e) => {
                    setQuery(e.target.value);
                    setShown(ITEMS_PER_SHOW);
                  }}
                  placeholder="Words in a highlight, a note or a title" />
              </div>
              {groups && !groups.length ? <p className={styles.muted}>Nothing in your notes matches “{query.trim()}”.</p> : null}
              {visible?.map((group) => <NotesGroup key={group.articleId} group={group} />)}
              {found > shown ? (
                <button type="button" className={`${styles.secondary} ${styles.more}`} onClick={() => setShown(shown + ITEMS_PER_SHOW)}>
                  Show more ({(found - shown).toLocaleString('en-US')} not shown yet)
                </button>
              ) : null}
            </>
          )}
          {StudySyncPanel ? <StudySyncPanel place="notes" onDrawn={panelShown} /> : null}
          <BackupActions />
        </div>
      ) : null}
    </div>
  );
}
