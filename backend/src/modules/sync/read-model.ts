// The public read model: every published article and visible comment as JSON, in feed order, held
// in memory by each backend instance. Feed pages, the article list, one article and an article's
// comments are answered from it, so a read costs the size of its answer, not of the library.
//
// Kept current by cheap reads only (FerretDB 1.24 uses an index for nothing but `_id` equality):
// - the sequence horizon (db/claims/sequence.ts: a few `_id` reads and the short lease list) tells how far
//   changes are written; it is read at most once per READ_MODEL_MAX_AGE_MS, and at once after a
//   write through this instance;
// - when it moved from H to H', the claims "H+1".."H'" name what changed (`ref`), and only those
//   documents are read, each by `_id` (a comment this process wrote is taken as written, `wrote`);
// - only at start, or when the claims needed were pruned (an idle instance far behind) or another
//   database appears (new epoch), is everything read once (build).
// So any instance sees a change made through any other within READ_MODEL_MAX_AGE_MS.
//
// The admin view (admin/admin-model.ts) is kept beside it by the same reads: drafts, waiting
// comments and users take change numbers too, and only what is public reaches the public indexes.
import type mongoose from 'mongoose';
import { sequenceOn, type ClaimDoc, type ClaimedThings, type Horizon } from '../../db/claims/index.ts';
import { mapLimit } from '../../db/map-limit.ts';
import { writeChange } from '../../db/write-change.ts';
import { outsideWriteScope } from '../../db/write-scope.ts';
import { SharedBodies } from '../../http/shared-body.ts';
import { articleModel, toArticleDto, type ArticleDoc } from '../articles/article.model.ts';
import { commentModel, toCommentDto, type CommentDoc } from '../comments/comment.model.ts';
import { userModel, type UserDoc } from '../users/user.model.ts';
import { AdminModel } from '../admin/admin-model.ts';
import { CheckGate } from './check-gate.ts';
import { FeedIndex, type FeedEntry } from './feed-index.ts';
import { parseChangeRef, tombstoneId, tombstoneModel, type TombstoneDoc } from './tombstone.model.ts';
import { compareNewestFirst } from '@fw/contracts/order';

/** The longest a poll's answer may lag behind a change made through another instance. */
export const READ_MODEL_MAX_AGE_MS = 1000;
/**
 * How far behind the model catches up by reading each change by `_id` (a claim and its thing, two
 * reads of about a millisecond each with the `_id` index the embedded database gets,
 * scripts/ferretdb/idindex, READ_CONCURRENCY at once) rather than reading everything again: at
 * least ADVANCE_MIN_CHANGES, and up to one change for every ADVANCE_THINGS_PER_CHANGE things the
 * model holds. A build reads every article and comment: 30-50 s at 10,000 articles and 100,000
 * comments on a 2-core machine (bench/scale.mjs's server start), while catching up on 10,000
 * changes takes a few seconds; either way every read of the instance waits for it.
 */
const ADVANCE_MIN_CHANGES = 64;
const ADVANCE_THINGS_PER_CHANGE = 8;
/** `_id` reads in flight at once while catching up. */
const READ_CONCURRENCY = 16;

export interface ReadState {
  epoch: string;
  /** Every change up to here is in the model, and nothing above it. */
  horizon: number;
  /**
   * The highest change number claimed in the database when last checked (sequence.ts): a cursor
   * up to it may come from another instance further on; one above it was made up.
   */
  claimed: number;
  articles: FeedIndex;
  comments: FeedIndex;
  /** Visible comment ids per article. */
  commentsOf: Map<string, Set<string>>;
  /**
   * Approved comment ids per article, shown or not (hidden while it is unpublished): what its
   * publishing or unpublishing renumbers, known without reading the comments collection.
   */
  approvedOf: Map<string, Set<string>>;
  /**
   * Drafts with a publication time, by id (ms): what the due check (articles/scheduled-publish.ts)
   * looks through, without reading the articles collection. Never shown to anyone.
   */
  scheduled: Map<string, number>;
  /** Move whenever the feed's content may have changed: ETags and shared bodies are keyed by them. */
  articlesVersion: number;
  commentsVersion: number;
  /** Every article, comment and user as the admin screens list them, with their counts. */
  admin: AdminModel;
}

export interface ReadModel {
  /**
   * The model, no older than READ_MODEL_MAX_AGE_MS and holding every write of this process.
   * `reach`: a change number a device already holds (from another instance's answer); when it is
   * above every number the model knows was claimed, the answer waits for a check of the horizon
   * begun after this call. Checks run one at a time, whoever asks.
   * `settled`: a change number every change up to which the answer must hold (an admin walk
   * begun on another instance stands there); above the model's horizon, the answer likewise waits
   * for a check begun after this call, which reaches it, since what is settled stays settled.
   */
  current(options?: { reach?: number; settled?: number }): Promise<ReadState>;
  /**
   * The model as last checked, without waiting for a check (null before the first build): for a
   * check that may lag READ_MODEL_MAX_AGE_MS behind other instances and must cost no round trip.
   */
  known(): ReadState | null;
  /**
   * A comment this process just inserted, whole and with its change number: when the model comes
   * to that change, it takes the comment from here instead of reading it back.
   */
  wrote(doc: CommentDoc): void;
  /** Shared bodies (plain, br, gzip) of answers made from the model, bounded in bytes. */
  bodies: SharedBodies;
}

/** Visible entries (those with JSON), newest first (`createdAt`, then id), as the lists show them. */
export function newestFirst(entries: Iterable<FeedEntry>): FeedEntry[] {
  const visible = [...entries].filter((entry) => entry.json !== undefined);
  return visible.sort((a, b) => compareNewestFirst(a.createdAt!, a.id, b.createdAt!, b.id));
}

const newestByIndex = new WeakMap<FeedIndex, { version: number; entries: readonly FeedEntry[] }>();

/**
 * The published articles newest first, sorted once per version of the articles however many
 * answers (the list, RSS, the sitemap) read them. Not to be changed by the caller.
 */
export function newestArticles(state: ReadState): readonly FeedEntry[] {
  const held = newestByIndex.get(state.articles);
  if (held?.version === state.articlesVersion) return held.entries;
  const entries = newestFirst(state.articles.values());
  newestByIndex.set(state.articles, { version: state.articlesVersion, entries });
  return entries;
}

// --- applying documents to the model (never moving a thing back to an older change) ------------

function isNewer(index: FeedIndex, id: string, seq: number): boolean {
  const held = index.get(id);
  return !held || held.seq < seq;
}

function applyArticle(state: ReadState, doc: ArticleDoc, upTo: number): void {
  const id = String(doc._id);
  if (doc.seq > upTo || !isNewer(state.articles, id, doc.seq)) return;
  if (!doc.isPublished && doc.publishAt) state.scheduled.set(id, doc.publishAt.getTime());
  else state.scheduled.delete(id);
  if (doc.isPublished) {
    state.articles.put({
      seq: doc.seq,
      id,
      json: JSON.stringify(toArticleDto(doc)),
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
    });
  } else if (doc.wasPublished !== false) {
    state.articles.put({ seq: doc.seq, id });
  } else {
    // A draft never published: no device has it, so devices are told nothing.
    state.articles.delete(id);
  }
}

function addTo(groups: Map<string, Set<string>>, group: string, id: string): void {
  let ids = groups.get(group);
  if (!ids) groups.set(group, (ids = new Set()));
  ids.add(id);
}

function setComment(state: ReadState, entry: FeedEntry | null, id: string): void {
  const old = state.comments.get(id);
  if (old?.group) {
    state.commentsOf.get(old.group)?.delete(id);
    state.approvedOf.get(old.group)?.delete(id);
  }
  if (!entry) {
    state.comments.delete(id);
    return;
  }
  state.comments.put(entry);
  if (entry.group) {
    addTo(state.approvedOf, entry.group, id);
    if (entry.json) addTo(state.commentsOf, entry.group, id);
  }
}

/** True when the public comments changed (a waiting comment changes none). */
function applyComment(state: ReadState, doc: CommentDoc, upTo: number): boolean {
  const id = String(doc._id);
  if (doc.seq > upTo || !isNewer(state.comments, id, doc.seq) || !doc.isApproved) return false;
  const article = String(doc.article);
  // Shown only while its article is published; its article's publishing renumbers it.
  const visible = state.articles.get(article)?.json !== undefined;
  setComment(
    state,
    visible
      ? {
          seq: doc.seq,
          id,
          json: JSON.stringify(toCommentDto(doc)),
          createdAt: doc.createdAt.toISOString(),
          group: article,
        }
      : { seq: doc.seq, id, group: article },
    id,
  );
  return true;
}

/** True when the public indexes changed (the removal of a waiting comment changes none). */
function applyTombstone(state: ReadState, tombstone: TombstoneDoc, upTo: number): boolean {
  if (tombstone.kind === 'user') return false;
  const index = tombstone.kind === 'article' ? state.articles : state.comments;
  if (tombstone.seq > upTo || !isNewer(index, tombstone.refId, tombstone.seq)) return false;
  if (tombstone.kind === 'article') {
    state.scheduled.delete(tombstone.refId);
    if (tombstone.wasPublic === false) state.articles.delete(tombstone.refId);
    else state.articles.put({ seq: tombstone.seq, id: tombstone.refId });
  } else if (tombstone.wasPublic === false) {
    // A comment that was never approved: no device has it.
    if (!index.get(tombstone.refId)) return false;
    setComment(state, null, tombstone.refId);
  } else {
    setComment(state, { seq: tombstone.seq, id: tombstone.refId }, tombstone.refId);
  }
  return true;
}

// --- the model of one connection ---------------------------------------------------------------

const models = new WeakMap<mongoose.Connection, ReadModel>();

/** The read model of this connection's database (one per connection, shared by every router). */
export function readModelOn(connection: mongoose.Connection): ReadModel {
  let model = models.get(connection);
  if (!model) {
    model = createReadModel(connection);
    models.set(connection, model);
  }
  return model;
}

/** The collections the model is read from. */
interface Sources {
  Articles: ReturnType<typeof articleModel>;
  Comments: ReturnType<typeof commentModel>;
  Users: ReturnType<typeof userModel>;
  Tombstones: ReturnType<typeof tombstoneModel>;
  /** Comments this process wrote lately, as written, by id (ReadModel `wrote`). */
  writtenHere: WrittenHere;
}

/**
 * Comments this process wrote lately, as it wrote them (the whole document, with its change
 * number), kept so the model takes its own writes from memory instead of reading each back by
 * `_id`: with ten visitors commenting at once and a reader asking every 100 ms, these reads and
 * those of their claims were 2.1 of the 3.6 commands the database got per comment (FerretDB's own
 * counts); now 0.2. Bounded; one that fell out is read as any other.
 */
class WrittenHere {
  private static readonly KEPT = 1024;
  private readonly docs = new Map<string, CommentDoc>();

  keep(doc: CommentDoc): void {
    const id = String(doc._id);
    this.docs.delete(id);
    this.docs.set(id, doc);
    if (this.docs.size > WrittenHere.KEPT) this.docs.delete(this.docs.keys().next().value!);
  }

  /** The comment as written by change `seq`, if this process wrote it and that change is its latest. */
  take(id: string, seq: number | undefined): CommentDoc | undefined {
    const doc = this.docs.get(id);
    if (!doc || doc.seq !== seq) return undefined;
    this.docs.delete(id);
    return doc;
  }
}

/** Everything read once: the model at `horizon`. */
async function build({ Articles, Comments, Users, Tombstones }: Sources, horizon: Horizon): Promise<ReadState> {
  const [articleDocs, tombstones, commentDocs, userDocs] = await Promise.all([
    Articles.find({}).lean() as Promise<ArticleDoc[]>,
    Tombstones.find({}).lean() as Promise<TombstoneDoc[]>,
    Comments.find({}).lean() as Promise<CommentDoc[]>,
    Users.find({}, { passwordHash: 0 }).lean() as unknown as Promise<UserDoc[]>,
  ]);
  const built: ReadState = {
    epoch: horizon.epoch,
    horizon: horizon.committed,
    claimed: horizon.claimed,
    articles: new FeedIndex(),
    comments: new FeedIndex(),
    commentsOf: new Map(),
    approvedOf: new Map(),
    scheduled: new Map(),
    articlesVersion: horizon.committed,
    commentsVersion: horizon.committed,
    admin: new AdminModel(),
  };
  const upTo = horizon.committed;
  const known = <T extends { seq?: number | null }>(docs: T[]): T[] => docs.filter((doc) => (doc.seq ?? 0) <= upTo);
  for (const doc of articleDocs) applyArticle(built, doc, upTo);
  for (const t of tombstones) if (t.kind === 'article') applyTombstone(built, t, upTo);
  for (const doc of commentDocs) applyComment(built, doc, upTo);
  for (const t of tombstones) if (t.kind === 'comment') applyTombstone(built, t, upTo);
  // In bulk, sorted once (a change later is one binary search and splice).
  built.admin.loadArticles(known(articleDocs));
  built.admin.loadComments(known(commentDocs));
  built.admin.loadUsers(known(userDocs));
  built.admin.loadChanges(known(tombstones));
  return built;
}

type Changed = Record<'article' | 'comment' | 'user', Map<string, boolean>> & {
  /** The newest number in the batch naming each thing, by `<kind>:<id>`. */
  newest: Map<string, number>;
};
type Sequence = ReturnType<typeof sequenceOn>;

/**
 * What the changes `from`..`upTo` touched, per kind (id to "removed"), from their claims; null
 * when a claim was pruned or made without saying what changed (a filled gap says it is none):
 * only a full read is sure then.
 */
async function changedBetween(sequence: Sequence, from: number, upTo: number): Promise<Changed | null> {
  const numbers = Array.from({ length: upTo - from + 1 }, (_, i) => from + i);
  const claims = (await mapLimit(numbers, READ_CONCURRENCY, (n) => sequence.claimOf(n))).filter(
    // A filled gap names no change (db/claims/sequence.ts fillGap).
    (claim) => !claim?.gap,
  );
  const refs = claims.map((claim) => (claim?.ref ? parseChangeRef(claim.ref) : null));
  if (refs.some((ref) => ref === null)) return null;
  const changed: Changed = { article: new Map(), comment: new Map(), user: new Map(), newest: new Map() };
  // A removal is final (ids are never reused), so it wins over an earlier change in the batch.
  for (const [i, ref] of refs.entries()) {
    const seen = changed[ref!.kind];
    seen.set(ref!.refId, seen.get(ref!.refId) === true || ref!.removal);
    // Claims come in number order, so the last one naming a thing is its newest.
    changed.newest.set(`${ref!.kind}:${ref!.refId}`, claims[i]!.n);
  }
  return changed;
}

/**
 * The current document, or tombstone, of each changed thing of one kind, each read by `_id`; a
 * comment this process wrote by its newest change in the batch is taken as written.
 */
function readChanged({ Articles, Comments, Tombstones, writtenHere }: Sources, kind: 'article' | 'comment', changed: Changed) {
  return mapLimit([...changed[kind]], READ_CONCURRENCY, async ([id, removal]) => {
    if (removal) return { id, tombstone: await Tombstones.findById(tombstoneId(kind, id)).lean() };
    const written = kind === 'comment' ? writtenHere.take(id, changed.newest.get(`comment:${id}`)) : undefined;
    if (written) return { id, doc: written };
    const doc =
      kind === 'article'
        ? ((await Articles.findById(id).lean()) as ArticleDoc | null)
        : ((await Comments.findById(id).lean()) as CommentDoc | null);
    return { id, doc };
  });
}

/**
 * The changed users, each read by `_id`. Also after a removal's number: a removal refused (the
 * user became an admin meanwhile) leaves the user there. A missing `_id` is a read of the users
 * collection on FerretDB, which stays small (administrators and applicants). A user that is gone
 * comes with its tombstone, whose number the admin change feed reports.
 */
function readChangedUsers({ Users, Tombstones }: Sources, changed: Changed) {
  return mapLimit([...changed.user.keys()], READ_CONCURRENCY, async (id) => {
    const doc = (await Users.findById(id, { passwordHash: 0 }).lean()) as unknown as UserDoc | null;
    const tombstone = doc ? null : await Tombstones.findById(tombstoneId('user', id)).lean();
    return { id, doc, tombstone };
  });
}

/**
 * A removal's number when it is within the model (up to `upTo`); a later one is reported when the
 * model reaches it, as the admin change feed never passes a number the model has not applied.
 */
const numberUpTo = (tombstone: { seq: number } | null | undefined, upTo: number) =>
  tombstone && tombstone.seq <= upTo ? tombstone.seq : undefined;

/** Brings `held` to `horizon` by reading the changed things by `_id`; false if it cannot. */
async function advance(sources: Sources, sequence: Sequence, held: ReadState, horizon: Horizon): Promise<boolean> {
  const from = held.horizon + 1;
  const upTo = horizon.committed;
  const things = held.articles.size + held.comments.size;
  if (upTo - from + 1 > Math.max(ADVANCE_MIN_CHANGES, Math.floor(things / ADVANCE_THINGS_PER_CHANGE))) return false;
  const changed = await changedBetween(sequence, from, upTo);
  if (!changed) return false;
  const [articleReads, commentReads, userReads] = await Promise.all([
    readChanged(sources, 'article', changed),
    readChanged(sources, 'comment', changed),
    readChangedUsers(sources, changed),
  ]);
  const { admin } = held;
  // Articles first: a comment's visibility follows its article.
  for (const { id, doc, tombstone } of articleReads) {
    if (doc) applyArticle(held, doc as ArticleDoc, upTo);
    if (tombstone) applyTombstone(held, tombstone as TombstoneDoc, upTo);
    if (changed.article.get(id)) admin.removeArticle(id, numberUpTo(tombstone, upTo));
    else if (doc && doc.seq <= upTo) admin.applyArticle(doc as ArticleDoc);
  }
  let commentsMoved = false;
  for (const { id, doc, tombstone } of commentReads) {
    if (doc && applyComment(held, doc as CommentDoc, upTo)) commentsMoved = true;
    if (tombstone && applyTombstone(held, tombstone as TombstoneDoc, upTo)) commentsMoved = true;
    if (changed.comment.get(id)) admin.removeComment(id, numberUpTo(tombstone, upTo));
    else if (doc && doc.seq <= upTo) admin.applyComment(doc as CommentDoc);
  }
  for (const { id, doc, tombstone } of userReads) {
    if (!doc) admin.removeUser(id, numberUpTo(tombstone, upTo));
    else if ((doc.seq ?? 0) <= upTo) admin.applyUser(doc);
  }
  if (changed.article.size) held.articlesVersion = upTo;
  // A waiting comment's change leaves the public comments as they were, and their ETags with them.
  if (commentsMoved) held.commentsVersion = upTo;
  held.horizon = upTo;
  return true;
}

function createReadModel(connection: mongoose.Connection): ReadModel {
  const Articles = articleModel(connection);
  const Comments = commentModel(connection);
  const Users = userModel(connection);
  const Tombstones = tombstoneModel(connection);
  const sources: Sources = { Articles, Comments, Users, Tombstones, writtenHere: new WrittenHere() };
  const sequence = sequenceOn(connection);
  let state: ReadState | null = null;

  /**
   * What a claim names, for the sequence (db/claims/sequence.ts): the number the thing carries
   * now, so a writer that died after writing holds readers back a second, not a minute, and a
   * visitor's comment (a `byThing` claim) is settled by carrying its number; and the move of a
   * write that landed after its number was given up, to a fresh number devices will see. Asked
   * for claims overdue to settle (a handful after a crash) and, on an instance other than the
   * writer's, once for each new comment, which the model then reads anyway.
   */
  const things: ClaimedThings = {
    async seqOf(claim) {
      const target = targetOf(claim);
      if (!target) return null;
      const found = (await target.model.findById(target.id, { seq: 1 }).lean()) as { seq?: number } | null;
      return typeof found?.seq === 'number' ? found.seq : null;
    },
    async move(claim) {
      const target = targetOf(claim);
      if (!target) return;
      // Not the change of the request whose read came upon the claim: settled on its own, and not
      // refused by that request's time limit (db/write-scope.ts).
      await outsideWriteScope(() =>
        writeChange(connection, {
          ref: claim.ref,
          apply: (seq) =>
            // By `_id` alone (an index read on FerretDB): the sequence just saw it at `claim.n`.
            target.model.updateOne({ _id: target.id }, { $set: { seq } }, { timestamps: false }),
        }),
      );
    },
  };

  type NumberedThing = { _id: unknown; seq: number };
  function targetOf(claim: ClaimDoc): { model: mongoose.Model<NumberedThing>; id: string } | null {
    const ref = claim.ref ? parseChangeRef(claim.ref) : null;
    if (!ref) return null;
    if (ref.removal) return { model: Tombstones as unknown as mongoose.Model<NumberedThing>, id: tombstoneId(ref.kind, ref.refId) };
    const model = { article: Articles, comment: Comments, user: Users }[ref.kind];
    return { model: model as unknown as mongoose.Model<NumberedThing>, id: ref.refId };
  }

  async function refresh(): Promise<void> {
    const horizon = await sequence.horizon({ things });
    if (state && state.epoch === horizon.epoch) {
      state.claimed = Math.max(state.claimed, horizon.claimed);
      if (horizon.committed <= state.horizon || (await advance(sources, sequence, state, horizon))) return;
    }
    state = await build(sources, horizon);
  }

  const checks = new CheckGate(refresh);
  sequence.onSettled(() => checks.wrote());
  return {
    bodies: new SharedBodies(),
    async current(options) {
      const arrival = checks.arrival();
      const behind =
        state !== null &&
        ((options?.reach !== undefined && options.reach > state.claimed) || (options?.settled !== undefined && options.settled > state.horizon));
      await checks.waitUntilChecked(arrival, behind ? 0 : READ_MODEL_MAX_AGE_MS, () => state !== null);
      return state!;
    },
    known: () => state,
    wrote: (doc) => sources.writtenHere.keep(doc),
  };
}
