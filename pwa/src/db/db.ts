// The device's database (IndexedDB through Dexie) and the only module that imports Dexie.
// What lives where:
//   articles      published articles as the delta feed last sent them (summary fields)
//   bodies        each published article's HTML (the search worker derives its plain text)
//   comments      approved comments from the feed, plus this device's own comments awaiting approval
//   worship       the Family Worship lessons by id, with an admin's own changes awaiting sync
//   dailyTexts    the daily texts by date: the 30 days before today and the 60 after (a year
//                 after for an admin), with an admin's own changes awaiting sync (sync/daily-sync.ts)
//   outbox        every write a person made, waiting to reach the server (see sync/outbox.ts)
//   adminArticles, adminComments, users   the admin's view, filled only while a token is held
//   meta          sync cursors and times
//   searchIndex   the search worker's saved index (features/search/search-engine.ts)
//   saved         articles the reader bookmarked (title kept, so an unpublished one can be named)
//   reading       where the reader left each article: scroll position and how far through
//   bibleBooks    Bible books kept for offline reading: which build file each came from, its size
//   bibleChapters their text, one record per chapter, so a tap reads a few KB (src/bible/books.ts,
//                 through worker-idb.ts: plain IndexedDB, so the Bible keeper worker has no Dexie)
//   highlights    the reader's highlights, each with its text-quote anchor and optional note
//   notes         the reader's notes on a whole article
//   verseHighlights the reader's highlights (and their notes) on Bible verses, anchored by the
//                 verse reference, indexed by chapter ("John.3") so the reader reads its own
//   planProgress  the reading plans the reader follows: when each started and which readings are
//                 done (features/plans/)
//   tombstones    which of those the reader deleted, and when, so neither an older backup nor a
//                 sync space's older copy brings one back (sync/study-space/local-changes.ts)
//   (highlights, verseHighlights, notes, saved, reading, planProgress and the preferences are what a backup file holds:
//   features/study/backup.ts; they reach the server only sealed, through a study sync space the
//   reader made: sync/study-space/)
import Dexie, { RangeSet, type Collection, type EntityTable, type ObservabilitySet, type Table } from 'dexie';
import type { AdminComment, Article, Comment, CommentStatus, DailyText, Lesson, User } from '@fw/contracts';
import { META } from './meta-keys.ts';
import { Slices, inSlices, nextTask } from '../lib/next-task.ts';

export type ArticleSummary = Omit<Article, 'content'>;

/** (Devices synced before version 2 also hold the body's plain text here; nothing reads it.) */
export interface ArticleBody {
  _id: string;
  content: string;
}

/** One record of the search index's saved copy (features/search/saved-index.ts). */
export interface SavedIndexPart {
  key: string;
  value: unknown;
}

export interface LocalComment extends Comment {
  /** Set while the comment is this device's own and the server has not confirmed it. */
  pending?: 1;
  /** Set on this device's own comment once sent: it waits for an administrator. */
  own?: 1;
}

export interface LocalLesson extends Lesson {
  _id: string;
  /** Set while an administrator's change on this device has not reached the server. */
  pending?: 1;
}

export interface LocalDailyText extends DailyText {
  /** Set while an administrator's change on this device has not reached the server. */
  pending?: 1;
}

export interface LocalAdminArticle extends Article {
  pending?: 1;
  /** 1 while unpublished (IndexedDB cannot index a boolean): what the dashboard counts as drafts. */
  draft: 0 | 1;
}
export interface LocalAdminComment extends AdminComment {
  pending?: 1;
  /** From isApproved, as a key IndexedDB can index: the moderation list reads one status, newest first. */
  status: CommentStatus;
}
export interface LocalUser extends User {
  pending?: 1;
}

/** queued: waits to be sent (also while a login is needed); failed and conflict wait for a person. */
export type OutboxStatus = 'queued' | 'failed' | 'conflict';

export interface OutboxEntry {
  seq?: number;
  /** The Idempotency-Key the server sees: made once, kept across retries. */
  key: string;
  /** The kind's name in the registry of writes (sync/write-kinds/registry.ts): a string as stored, since
   * an entry written by another version of the app may name a kind this build lacks. */
  kind: string;
  /** The record the operation is about (ordering is per record). */
  recordId: string;
  /** The request body for the operation's endpoint. */
  body: Record<string, unknown>;
  /** A person-readable label for lists ("Comment on …", "Publish …"). */
  label: string;
  status: OutboxStatus;
  /** Times it was handed to the network, counted before each request leaves (sync/outbox.ts
   * claim); 0: never sent, so a later write of its record may still merge into it. */
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  lastError?: string;
  /** On a 409: the server's copy, so the admin can choose. */
  serverCopy?: Record<string, unknown>;
}

export interface SavedArticle {
  _id: string;
  title: string;
  savedAt: number;
}

export interface ReadingPlace {
  _id: string;
  title: string;
  /** Scroll position as a share (0..1) of the page's scrollable height, so text size changes keep it. */
  position: number;
  /** The furthest share of the article's text that has been on screen (0..1). */
  progress: number;
  updatedAt: number;
}

export interface KeptBibleBook {
  osis: string;
  /** The build's file it came from: a new build with other text replaces it. */
  file: string;
  /** Its size on the wire (brotli), for the "on this device" total. */
  brBytes: number;
}

/** One chapter of a kept book: `id` is "John.3". */
export interface KeptBibleChapter {
  id: string;
  verses: string[];
  heading?: string;
}

export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];

/** Where a highlight stands in its article's reading text (features/study/anchor.ts). */
export interface HighlightQuote {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
}

export interface Highlight {
  /** Made on the device (a client ObjectId), so a backup restored elsewhere keeps it. */
  _id: string;
  articleId: string;
  /** Kept so My notes can name an article that is no longer on the device. */
  articleTitle: string;
  color: HighlightColor;
  quote: HighlightQuote;
  /** The reader's note on it; empty when there is none. */
  note: string;
  createdAt: number;
  /** Every change (colour, note) sets it: the newer copy wins when a backup is merged. */
  updatedAt: number;
  /** Set while its words are not in the article as last drawn ("no longer in the article"). */
  orphan?: 1;
}

/** Verses `verse`..`endVerse` of one chapter: a verse highlight's anchor (Bible text does not change). */
export interface VersePassage {
  /** The book's OSIS id ("John", "1Cor"; contracts/bible.ts). */
  osis: string;
  chapter: number;
  verse: number;
  endVerse: number;
}

/** A highlight on Bible verses; its note is the reader's note on them. */
export interface VerseHighlight {
  _id: string;
  /** "John.3": the chapter it stands in (indexed). */
  chapterId: string;
  passage: VersePassage;
  /** The verses' words when it was made, so My notes shows and searches them without the book. */
  text: string;
  color: HighlightColor;
  note: string;
  createdAt: number;
  updatedAt: number;
}

/** A note on an article as a whole. */
export interface ArticleNote {
  _id: string;
  articleId: string;
  articleTitle: string;
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** A reading plan the reader follows (features/plans/plan-progress.ts works out its days). */
export interface PlanProgress {
  /** Made on the device (a client ObjectId); the plan page's address. */
  _id: string;
  /** The built-in plan's id ("bible-year"), or "lesson:<lesson id>" for a week's lesson. */
  planId: string;
  /** The plan's name when it was started, so the list names it without loading the plans. */
  title: string;
  /** The calendar day (the device's own, YYYY-MM-DD) of the plan's first reading. */
  startDate: string;
  /** A plan made on the device (a week's lesson) keeps its readings as they were when started. */
  days?: string[][];
  /** The readings done, each "<day index>:<passage OSIS>". */
  done: string[];
  /** The calendar days on which a reading was done, for the streak. */
  readOn: string[];
  /** The calendar day each reading in `done` was marked on, by its key, so a mark taken back takes
   * its day out of `readOn` when no other reading marked that day is still marked. Records made
   * before it was kept lack it (and a device on an older app may leave a reading out): such a
   * reading's day is not known, and the days it counted stay. */
  markedOn?: Record<string, string>;
  createdAt: number;
  updatedAt: number;
}

/** The kinds of study record a device keeps and a sync space carries (sync/study-space/study-records.ts). */
export type StudyKind = 'highlight' | 'verseHighlight' | 'note' | 'saved' | 'reading' | 'planProgress';

/** A deleted study record: `key` is "<kind>:<id>". */
export interface StudyTombstone {
  key: string;
  kind: StudyKind;
  id: string;
  deletedAt: number;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export class FamilyDb extends Dexie {
  articles!: EntityTable<ArticleSummary, '_id'>;
  bodies!: EntityTable<ArticleBody, '_id'>;
  comments!: EntityTable<LocalComment, '_id'>;
  worship!: EntityTable<LocalLesson, '_id'>;
  dailyTexts!: EntityTable<LocalDailyText, 'date'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  adminArticles!: EntityTable<LocalAdminArticle, '_id'>;
  adminComments!: EntityTable<LocalAdminComment, '_id'>;
  users!: EntityTable<LocalUser, '_id'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  searchIndex!: EntityTable<SavedIndexPart, 'key'>;
  saved!: EntityTable<SavedArticle, '_id'>;
  reading!: EntityTable<ReadingPlace, '_id'>;
  bibleBooks!: EntityTable<KeptBibleBook, 'osis'>;
  bibleChapters!: EntityTable<KeptBibleChapter, 'id'>;
  highlights!: EntityTable<Highlight, '_id'>;
  notes!: EntityTable<ArticleNote, '_id'>;
  verseHighlights!: EntityTable<VerseHighlight, '_id'>;
  tombstones!: EntityTable<StudyTombstone, 'key'>;
  planProgress!: EntityTable<PlanProgress, '_id'>;

  constructor(name = 'family-bible-articles') {
    // No shared query cache. Dexie's default ('cloned') copies what live queries hold at each
    // commit and for each reader (a study sync page of 2,000 records committed in a 137 ms task at
    // 4x CPU with it, 109 ms without), and it would answer live queries from what it held before
    // writeRows wrote. Live queries read again after a commit, as before the cache existed.
    super(name, { cache: 'disabled' });
    this.version(1).stores({
      articles: '_id, category, createdAt',
      bodies: '_id',
      comments: '_id, article, createdAt',
      lessons: 'position',
      outbox: '++seq, &key, recordId, status',
      adminArticles: '_id, isPublished, createdAt',
      adminComments: '_id, isApproved, createdAt',
      users: '_id',
      meta: 'key',
    });
    this.version(2).stores({ searchIndex: 'key' });
    this.version(3).stores({
      saved: '_id, savedAt',
      reading: '_id, updatedAt',
    });
    // Lessons are edited now, so they are kept by id (a primary key cannot change: a new table).
    // The schedule's ETag goes with the old table, so the next sync fills the new one.
    this.version(4)
      .stores({ lessons: null, worship: '_id, date' })
      .upgrade((tx) => tx.table('meta').delete('etag:schedule'));
    this.version(5).stores({ bibleBooks: 'osis', bibleChapters: 'id' });
    this.version(6).stores({
      highlights: '_id, articleId, updatedAt',
      notes: '_id, articleId, updatedAt',
    });
    this.version(7).stores({ verseHighlights: '_id, chapterId, updatedAt' });
    this.version(8).stores({ tombstones: 'key' });
    // The daily texts, kept by date (sync/daily-sync.ts).
    this.version(9).stores({ dailyTexts: 'date' });
    this.version(10).stores({ planProgress: '_id, planId, updatedAt' });
    // The admin tables read a page at a time by index (features/admin-*), not the whole view:
    // drafts are counted, and each comment status is listed newest first, without reading the rest
    // (the id in the index makes each key one comment's, so a read in pieces goes on exactly).
    this.version(11)
      .stores({ adminArticles: '_id, createdAt, draft', adminComments: '_id, createdAt, [status+createdAt+_id]' })
      .upgrade(async (tx) => {
        await tx.table<LocalAdminArticle>('adminArticles').toCollection().modify((a) => void (a.draft = a.isPublished ? 0 : 1));
        await tx.table<LocalAdminComment>('adminComments').toCollection().modify((c) => void (c.status = statusOf(c)));
      });
  }
}

export const db = new FamilyDb();

/** The status a comment is listed under on the moderation page. */
export function statusOf(comment: { isApproved: boolean }): CommentStatus {
  return comment.isApproved ? 'approved' : 'waiting';
}

/** The first `count` rows of `collection`, in its order, and whether more follow (one more is read to know). */
export async function firstOf<T, K, I>(collection: Collection<T, K, I>, count: number): Promise<{ rows: T[]; more: boolean }> {
  const rows = await collection.limit(count + 1).toArray();
  return { rows: rows.slice(0, count), more: rows.length > count };
}

/**
 * Rows a filter reads in the list's order, one at a time, before it reads them all in pieces
 * instead. A cursor stops as soon as it has its rows (a common word: a few hundred), but each row
 * costs a request and a live query's note of its key: 66,667 approved comments took 3.9-5.2 s to
 * find nothing that way.
 */
const FILTER_BY_CURSOR_ROWS = 2_000;

export interface FoundRows<T> {
  rows: T[];
  more: boolean;
  /** How many match in all, when every row was read to find them. */
  total?: number;
}

/** Reads every row the list holds, in pieces, keeping those `keep` keeps. */
export type ReadAll<T> = (keep: (row: T) => boolean) => Promise<T[]>;

/**
 * The first `count` rows that `keep` keeps, in the order of `inOrder` and of `compare` (the same
 * order, for rows `readAll` reads otherwise). First along `inOrder`, up to FILTER_BY_CURSOR_ROWS
 * rows; past that, every row by `readAll`.
 */
export async function findRows<T, K, I>(
  inOrder: Collection<T, K, I>,
  keep: (row: T) => boolean,
  { count, readAll, compare }: { count: number; readAll: ReadAll<T>; compare: (a: T, b: T) => number },
): Promise<FoundRows<T>> {
  let read = 0;
  // until() before filter(): it sees every row read, not only those kept.
  const first = await inOrder
    .until(() => ++read > FILTER_BY_CURSOR_ROWS)
    .filter(keep)
    .limit(count + 1)
    .toArray();
  if (first.length > count || read <= FILTER_BY_CURSOR_ROWS) return { rows: first.slice(0, count), more: first.length > count };
  const kept = (await readAll(keep)).sort(compare);
  return { rows: kept.slice(0, count), more: kept.length > count, total: kept.length };
}

const COMMENT_INDEX = '[status+createdAt+_id]';
const commentKey = (c: LocalAdminComment) => [c.status, c.createdAt, c._id];
/** Every key of one status: a shorter array sorts before the longer ones it begins, and maxKey after any date. */
const statusRange = (status: CommentStatus): [unknown[], unknown[]] => [[status], [status, Dexie.maxKey]];

/** The comments of one status, newest first (contracts/order.ts), by the index on status, date and id. */
export function adminCommentsNewestFirst(status: CommentStatus) {
  return db.adminComments.where(COMMENT_INDEX).between(...statusRange(status)).reverse();
}

/**
 * Every comment of `status` that `keep` keeps, `piece` a request along the same index (oldest
 * first): a read of one status reads none of the other's.
 */
export async function readAdminComments(status: CommentStatus, piece: number, keep: (c: LocalAdminComment) => boolean): Promise<LocalAdminComment[]> {
  const [lower, upper] = statusRange(status);
  const rows: LocalAdminComment[] = [];
  for (let after: unknown[] | undefined; ; ) {
    const range = db.adminComments.where(COMMENT_INDEX);
    const part = await (after ? range.between(after, upper, false, true) : range.between(lower, upper)).limit(piece).toArray();
    rows.push(...part.filter(keep));
    if (part.length < piece) return rows;
    after = commentKey(part.at(-1)!);
  }
}


export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/**
 * Records one IndexedDB call reads or writes at most: a call's requests are made, and its records
 * copied, in one task; a call with a thousand held a phone's page for a quarter of a second, and
 * one with a hundred highlights still about 50 ms at 4x CPU.
 */
const IDB_AT_ONCE = 50;

/** `step` over `items`, IDB_AT_ONCE at a time, one after another (inside a transaction, too). */
export async function inSteps<T>(items: T[], step: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < items.length; from += IDB_AT_ONCE) await step(items.slice(from, from + IDB_AT_ONCE));
}

/** Reads for `keys`, IDB_AT_ONCE at a time, in order. */
export async function readInSteps<K, R>(keys: K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  await inSteps(keys, async (part) => out.push(...(await read(part))));
  return out;
}

/**
 * Rows writeRows puts or deletes a step: a put copies its row in the task that makes it. At 25 a
 * step, the steps of a study sync's link were tasks of 51-72 ms at 4x CPU (Long Animation Frame
 * entries of a link, each attributed to a step's last request); at 10, none passed 50 ms.
 */
const ROWS_A_STEP = 10;

/**
 * Steps writeRows has on their way at once. With two, a study link's merge of 2,000 records spent
 * 0.73-1.35 s on its writes at 4x CPU (User Timing marks, six links); with eight, 0.47-0.73 s
 * (three); with sixteen or forty, no less beyond the runs' swing.
 */
const STEPS_ON_THEIR_WAY = 8;

const settled = (request: IDBRequest) =>
  new Promise<void>((resolve, reject) => {
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

/**
 * Gives the page its turn (lib/next-task.ts nextTask); inside a transaction, by a small read whose
 * answer comes in a task of its own, as a timer or a message would let the transaction commit.
 */
export function pageTurn(): Promise<void> {
  const running = Dexie.currentTransaction?.idbtrans;
  if (!running) return nextTask();
  return settled(running.objectStore(running.objectStoreNames[0]!).count(''));
}

/**
 * Puts `rows` and deletes `keys` in `table`, in the transaction running (its tables must include
 * `table`), straight through IndexedDB a few at a time; call tablesChanged once it has committed.
 * Dexie tells live queries what a write changed key by key, and for thousands of keys it builds a
 * tree of them that it copies for every live query at the commit: a study sync page of 2,000
 * records held a phone's page for over 100 ms that way. Rows go as they are (no Dexie hooks:
 * none of the tables written this way has any). This needs Dexie's query cache off (the
 * constructor): the cache would answer the live queries from what it held before these writes
 * (write-rows.test.ts fails with it on).
 */
export async function writeRows<T, K extends IDBValidKey, I>(table: Table<T, K, I>, rows: readonly T[], keys: readonly K[]): Promise<void> {
  const running = Dexie.currentTransaction;
  if (!running) throw new Error(`writeRows(${table.name}) runs inside a transaction`);
  const store = running.idbtrans.objectStore(table.name);
  // A transaction's answers can come back many in one task (the database wrote on while the page
  // was busy), and each let the next step go: a study link's merge made frames of up to 111 ms of
  // puts at 4x CPU. Once a slice has run, the next step first waits for a small read asked for then,
  // whose answer comes in a task of its own (a timer would let the transaction commit).
  const slices = new Slices();
  // STEPS_ON_THEIR_WAY steps at once: the next steps' rows are copied while the database writes the
  // last ones', where one step at a time left each side waiting for the other.
  const going: Promise<void>[] = [];
  const step = async (make: () => IDBRequest | undefined) => {
    if (slices.due()) await slices.next(pageTurn);
    const last = make();
    const done = settled(last!);
    // Seen to at once: a refused write rejects before this step is waited for.
    done.catch(() => undefined);
    going.push(done);
    if (going.length >= STEPS_ON_THEIR_WAY) await going.shift();
  };
  for (let from = 0; from < rows.length; from += ROWS_A_STEP) {
    await step(() => {
      let last: IDBRequest | undefined;
      for (const row of rows.slice(from, from + ROWS_A_STEP)) last = store.put(row);
      return last;
    });
  }
  for (let from = 0; from < keys.length; from += ROWS_A_STEP) {
    await step(() => {
      let last: IDBRequest | undefined;
      for (const key of keys.slice(from, from + ROWS_A_STEP)) last = store.delete(key);
      return last;
    });
  }
  await Promise.all(going);
}

/** How Dexie names the parts of `table` that a write changed (its rows, deletions and indexes). */
const partPrefix = (table: Table) => `idb://${db.name}/${table.name}/`;

/**
 * Watches for writes to `tables`, in this tab and in others (Dexie tells each tab of every
 * committed write, as it tells live queries): `changed()` says whether one came since the watch
 * began, until `stop()`.
 */
export function watchTables(tables: readonly Table[]): { changed: () => boolean; stop: () => void } {
  const prefixes = tables.map(partPrefix);
  let changed = false;
  // A tab brought back from the back-forward cache hears of everything at once ('all').
  const listener = (parts: ObservabilitySet) => {
    changed ||= Object.keys(parts).some((part) => part === 'all' || prefixes.some((prefix) => part.startsWith(prefix)));
  };
  Dexie.on('storagemutated', listener);
  return { changed: () => changed, stop: () => Dexie.on('storagemutated').unsubscribe(listener) };
}

/**
 * Tells live queries (in this tab and others) that `tables` changed, each as a whole: after
 * writeRows has committed. The parts are named as Dexie names them when it makes a database.
 */
export function tablesChanged(tables: readonly Table[]): void {
  const parts: Record<string, RangeSet> = {};
  const whole = () => new RangeSet(Dexie.minKey, Dexie.maxKey);
  for (const table of tables) {
    const prefix = partPrefix(table);
    parts[prefix] = whole();
    parts[`${prefix}:dels`] = whole();
    for (const index of table.schema.indexes) if (index.name) parts[`${prefix}${index.name}`] = whole();
  }
  Dexie.on('storagemutated').fire(parts);
}

/** Past this many keys, a read first asks which of them the table holds. */
const KEYS_FIRST_AT = 100;

/**
 * The values of `keys` in `table` (undefined where it holds none), in order. Many keys: the
 * table's keys are read first (one request) and only those it holds are got, IDB_AT_ONCE a call:
 * a link reads thousands the device mostly does not hold, and IndexedDB makes a request of each.
 */
export async function getMany<T>(
  table: { bulkGet: (keys: string[]) => PromiseLike<(T | undefined)[]>; toCollection: () => { primaryKeys: () => PromiseLike<unknown[]> } },
  keys: string[],
): Promise<(T | undefined)[]> {
  if (keys.length < KEYS_FIRST_AT) return table.bulkGet(keys);
  const stored = new Set<unknown>(await table.toCollection().primaryKeys());
  // The passes over thousands of keys give the page turns (pageTurn: this runs inside transactions).
  const present: string[] = [];
  await inSlices(keys, (key) => stored.has(key) && present.push(key), pageTurn);
  const values = await readInSteps(present, async (part) => table.bulkGet(part));
  const byKey = new Map(present.map((key, n) => [key, values[n]]));
  const out: (T | undefined)[] = [];
  await inSlices(keys, (key) => out.push(byKey.get(key)), pageTurn);
  return out;
}

/**
 * Every row of a table (that `keep` keeps), IDB_AT_ONCE (or `piece`) a request in primary-key
 * order: one read of thousands hands them all over (and copies them) in one task, which held a
 * phone's page 50 ms and more. Inside a live query too (each page's range is what it follows),
 * and inside a transaction.
 */
export async function readInPages<T, K, I>(
  table: Table<T, K, I>,
  { piece = IDB_AT_ONCE, keep }: { piece?: number; keep?: (row: T) => boolean } = {},
): Promise<T[]> {
  const keyPath = table.schema.primKey.keyPath as string;
  const rows: T[] = [];
  for (let last: K | undefined; ; ) {
    const page = await (last === undefined ? table.orderBy(':id') : table.where(':id').above(last)).limit(piece).toArray();
    // Kept a piece at a time, in the piece's own task: a filter over 100,000 comments at the
    // end was a task of 177 ms.
    rows.push(...(keep ? page.filter(keep) : page));
    if (page.length < piece) return rows;
    last = (page.at(-1) as Record<string, K>)[keyPath];
  }
}

/** Calls `listener` after a change to `table` is committed, in this tab or another; answers the unsubscribe. */
export function onTableChange(table: string, listener: () => void): () => void {
  const prefix = `idb://${db.name}/${table}/`;
  const subscriber = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((key) => key.startsWith(prefix))) listener();
  };
  Dexie.on('storagemutated', subscriber);
  return () => Dexie.on.storagemutated.unsubscribe(subscriber);
}

/** The shortest time between two reads of the stored articles while changes keep coming. */
export const ARTICLES_READ_GAP_MS = 400;
/**
 * The published articles on the device, newest first, and whether a whole sync has finished,
 * read together: the home page drops the server's first-paint cards and may say "no articles
 * here yet" once a sync has finished, which must not be seen beside a list read before it.
 */
export interface StoredArticles {
  articles: ArticleSummary[];
  synced: boolean;
}
type ArticlesListener = (stored: StoredArticles) => void;
const articlesListeners = new Set<ArticlesListener>();
let articlesNow: StoredArticles | undefined;
let stopArticles: (() => void) | null = null;

/** Reads the list now and after changes; ones that come close together are read once. */
function readArticlesOnChange(): () => void {
  let stopped = false;
  let reading = false;
  let again = false;
  let lastReadAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    reading = true;
    again = false;
    lastReadAt = performance.now();
    try {
      const stored = await db.transaction('r', db.articles, db.meta, async () => ({
        articles: await db.articles.orderBy('createdAt').reverse().toArray(),
        synced: (await db.meta.get(META.LAST_SYNCED_AT)) !== undefined,
      }));
      if (stopped) return;
      articlesNow = stored;
      for (const listener of articlesListeners) listener(stored);
    } catch (error) {
      console.error('[stored articles]', error);
    } finally {
      reading = false;
      if (again && !stopped) schedule();
    }
  };
  // A change during a read is read after it; changes within the gap wait for its end.
  const schedule = () => {
    if (reading) again = true;
    else
      timer ??= setTimeout(() => {
        timer = undefined;
        void read();
      }, Math.max(0, lastReadAt + ARTICLES_READ_GAP_MS - performance.now()));
  };
  const unfollowArticles = onTableChange('articles', schedule);
  // The meta table changes with every sync (its cursors); it matters here only until the first
  // sync has finished.
  const unfollowMeta = onTableChange('meta', () => {
    if (articlesNow?.synced === false) schedule();
  });
  void read();
  return () => {
    stopped = true;
    unfollowArticles();
    unfollowMeta();
    clearTimeout(timer);
    // A later page starts from "not read yet", as a new live query would.
    articlesNow = undefined;
  };
}

/**
 * Follows the published articles on the device, newest first, with one read for every follower:
 * the home page asks for them twice (the tab's cards and, for a search inside a category, the
 * count in all of them), and a first sync stores its pages in many small transactions, after each
 * of which the whole list was read (and every card drawn again) once per ask, holding a phone's
 * thread for hundreds of ms. Answers the unfollow.
 */
export function followStoredArticles(listener: ArticlesListener): () => void {
  articlesListeners.add(listener);
  if (articlesNow) listener(articlesNow);
  stopArticles ??= readArticlesOnChange();
  return () => {
    articlesListeners.delete(listener);
    if (articlesListeners.size || !stopArticles) return;
    stopArticles();
    stopArticles = null;
  };
}

export { liveQuery } from 'dexie';
export type { EntityTable, Table } from 'dexie';
export { useLiveQuery } from 'dexie-react-hooks';
