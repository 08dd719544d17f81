// The admin view held in memory beside the public read model (sync/read-model.ts), and kept current
// by the same horizon and claims: every article as a summary (drafts and scheduled ones included,
// no body), every comment (waiting and approved), every user, and the counts the dashboard shows,
// moved as each change is applied. The admin screens' pages are answered from it, so no request
// reads or counts a collection. It also keeps the admin change feed's index (`changes`): the
// latest change number of every thing, removals included, so a device asks for what changed since
// its cursor (admin-pages.routes.ts). Pure (no database): read-model.ts feeds it documents.
import type {
  AdminCommentItem,
  AdminCounts,
  AdminUserItem,
  ArticleStatus,
  ArticleSummary,
  CommentStatus,
} from '@fw/contracts';
import { compareNewestFirst } from '@fw/contracts/order';
import { FeedIndex, type FeedEntry } from '../sync/feed-index.ts';
import { OrderedSet } from './ordered-set.ts';

/** What the admin change feed names: one kind of thing each. */
export type AdminKind = 'article' | 'comment' | 'user';

/** A thing's key in the change feed's index. */
const changeKey = (kind: AdminKind, id: string) => `${kind}:${id}`;

/** A key of the change feed's index as its kind and id. */
export function fromChangeKey(key: string): { kind: AdminKind; id: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon) as AdminKind, id: key.slice(colon + 1) };
}

/** A removal for the change feed: the thing and the number of its removal (its tombstone's). */
export interface RemovalFacts {
  kind: string;
  refId: string;
  seq: number;
}

/** The fields of an article document the admin view keeps. */
export interface ArticleFacts {
  _id: unknown;
  seq: number;
  title: string;
  isPublished: boolean;
  publishAt?: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CommentFacts {
  _id: unknown;
  seq: number;
  article: unknown;
  name: string;
  content: string;
  isApproved: boolean;
  createdAt: Date;
}

export interface UserFacts {
  _id: unknown;
  seq?: number | null;
  name: string;
  email: string;
  role: string;
  isApproved: boolean;
  createdAt: Date;
}

/** One held thing: its change number, its list item, and the lower-cased text a filter looks in. */
interface Held<T> {
  id: string;
  seq: number;
  createdAt: string;
  search: string;
  item: T;
}

type HeldArticle = Held<ArticleSummary>;
type HeldComment = Held<Omit<AdminCommentItem, 'articleTitle'>>;
type HeldUser = Held<AdminUserItem>;

const newestFirst = <T>(a: Held<T>, b: Held<T>) => compareNewestFirst(a.createdAt, a.id, b.createdAt, b.id);
const oldestFirst = <T>(a: Held<T>, b: Held<T>) => -newestFirst(a, b);

function statusOf(article: Pick<ArticleFacts, 'isPublished' | 'publishAt'>): ArticleStatus {
  if (article.isPublished) return 'published';
  return article.publishAt ? 'scheduled' : 'draft';
}

/** A page of `held` (in its order) whose text contains `q`, and how many match in all. */
export function pageOf<T>(
  held: readonly Held<T>[],
  { offset, limit, q }: { offset: number; limit: number; q?: string | undefined },
): { items: T[]; total: number; nextOffset: number | null } {
  let matching: readonly Held<T>[] = held;
  const needle = q?.toLowerCase();
  if (needle) matching = held.filter((h) => h.search.includes(needle));
  const items = matching.slice(offset, offset + limit).map((h) => h.item);
  const next = offset + items.length;
  return { items, total: matching.length, nextOffset: next < matching.length ? next : null };
}

export class AdminModel {
  readonly articles = new OrderedSet<HeldArticle>(newestFirst);
  private readonly comments = new Map<string, HeldComment>();
  readonly waiting = new OrderedSet<HeldComment>(newestFirst);
  readonly approved = new OrderedSet<HeldComment>(newestFirst);
  /** Every comment id (waiting or approved) per article id: what deleting an article deletes. */
  readonly commentsOf = new Map<string, Set<string>>();
  readonly users = new OrderedSet<HeldUser>(oldestFirst);
  private readonly statusCounts: Record<ArticleStatus, number> = { published: 0, draft: 0, scheduled: 0 };
  private usersWaiting = 0;
  /**
   * Every thing's latest change, by change number, removals included. Its entries carry no JSON:
   * a thing the sets above hold is sent as it is now, one they do not hold was removed. A thing
   * with no number (written by a version that did not number drafts, waiting comments and users)
   * is not in it.
   */
  readonly changes = new FeedIndex();

  private noteChange(kind: AdminKind, id: string, seq: number | null | undefined): void {
    if (seq) this.changes.put({ seq, id: changeKey(kind, id) });
  }

  counts(): AdminCounts {
    return {
      articles: this.articles.size,
      published: this.statusCounts.published,
      drafts: this.statusCounts.draft,
      scheduled: this.statusCounts.scheduled,
      commentsWaiting: this.waiting.size,
      commentsApproved: this.approved.size,
      users: this.users.size,
      usersWaiting: this.usersWaiting,
    };
  }

  /** The title of an article, drafts included; null when it is gone. */
  titleOf(articleId: string): string | null {
    return this.articles.get(articleId)?.item.title ?? null;
  }

  commentsByStatus(status: CommentStatus): OrderedSet<HeldComment> {
    return status === 'waiting' ? this.waiting : this.approved;
  }

  /** Whether `seq` is a later change of `id` than the one held (a thing never moves back). */
  private isNewer(held: { seq: number } | undefined, seq: number): boolean {
    return !held || held.seq < seq;
  }

  // --- articles -------------------------------------------------------------------------------

  private articleOf(doc: ArticleFacts): HeldArticle {
    const id = String(doc._id);
    const status = statusOf(doc);
    return {
      id,
      seq: doc.seq,
      createdAt: doc.createdAt.toISOString(),
      search: doc.title.toLowerCase(),
      item: {
        _id: id,
        title: doc.title,
        status,
        ...(status === 'scheduled' ? { publishAt: doc.publishAt!.toISOString() } : {}),
        version: doc.version,
        createdAt: doc.createdAt.toISOString(),
        updatedAt: doc.updatedAt.toISOString(),
      },
    };
  }

  applyArticle(doc: ArticleFacts): void {
    const id = String(doc._id);
    if (!this.isNewer(this.articles.get(id), doc.seq)) return;
    this.dropArticle(id);
    const held = this.articleOf(doc);
    this.articles.put(held);
    this.statusCounts[held.item.status]++;
    this.noteChange('article', id, doc.seq);
  }

  private dropArticle(id: string): void {
    const held = this.articles.delete(id);
    if (held) this.statusCounts[held.item.status]--;
  }

  /** The article is gone; `seq`: its removal's number, for the change feed (none: not known). */
  removeArticle(id: string, seq?: number): void {
    this.dropArticle(id);
    this.noteChange('article', id, seq);
  }

  /** Many articles at once (a build). */
  loadArticles(docs: Iterable<ArticleFacts>): void {
    const held = [...docs].map((doc) => this.articleOf(doc));
    for (const h of held) this.statusCounts[h.item.status]++;
    this.articles.load(held);
  }

  // --- comments -------------------------------------------------------------------------------

  private commentOf(doc: CommentFacts): HeldComment {
    const id = String(doc._id);
    return {
      id,
      seq: doc.seq,
      createdAt: doc.createdAt.toISOString(),
      search: `${doc.name}\n${doc.content}`.toLowerCase(),
      item: {
        _id: id,
        article: String(doc.article),
        name: doc.name,
        content: doc.content,
        isApproved: doc.isApproved,
        createdAt: doc.createdAt.toISOString(),
      },
    };
  }

  private holdComment(held: HeldComment): void {
    this.comments.set(held.id, held);
    let ids = this.commentsOf.get(held.item.article);
    if (!ids) this.commentsOf.set(held.item.article, (ids = new Set()));
    ids.add(held.id);
  }

  applyComment(doc: CommentFacts): void {
    const id = String(doc._id);
    if (!this.isNewer(this.comments.get(id), doc.seq)) return;
    this.dropComment(id);
    const held = this.commentOf(doc);
    this.holdComment(held);
    this.commentsByStatus(held.item.isApproved ? 'approved' : 'waiting').put(held);
    this.noteChange('comment', id, doc.seq);
  }

  /** The comment is gone; `seq`: its removal's number, for the change feed (none: not known). */
  removeComment(id: string, seq?: number): void {
    this.dropComment(id);
    this.noteChange('comment', id, seq);
  }

  /** A comment as the admin list sends it, with its article's title as it is now. */
  commentItem(id: string): AdminCommentItem | undefined {
    const held = this.comments.get(id);
    return held && { ...held.item, articleTitle: this.titleOf(held.item.article) };
  }

  private dropComment(id: string): void {
    const held = this.comments.get(id);
    if (!held) return;
    this.comments.delete(id);
    this.commentsByStatus(held.item.isApproved ? 'approved' : 'waiting').delete(id);
    const ids = this.commentsOf.get(held.item.article);
    ids?.delete(id);
    if (ids?.size === 0) this.commentsOf.delete(held.item.article);
  }

  /** Whether a comment is held as approved (devices hold it), waiting, or not at all. */
  commentState(id: string): 'approved' | 'waiting' | undefined {
    const held = this.comments.get(id);
    return held ? (held.item.isApproved ? 'approved' : 'waiting') : undefined;
  }

  loadComments(docs: Iterable<CommentFacts>): void {
    const waiting: HeldComment[] = [];
    const approved: HeldComment[] = [];
    for (const doc of docs) {
      const held = this.commentOf(doc);
      this.holdComment(held);
      (held.item.isApproved ? approved : waiting).push(held);
    }
    this.waiting.load(waiting);
    this.approved.load(approved);
  }

  // --- users ----------------------------------------------------------------------------------

  private userOf(doc: UserFacts): HeldUser {
    const id = String(doc._id);
    return {
      id,
      seq: doc.seq ?? 0,
      createdAt: doc.createdAt.toISOString(),
      search: `${doc.name}\n${doc.email}`.toLowerCase(),
      item: {
        _id: id,
        name: doc.name,
        email: doc.email,
        role: doc.role === 'admin' ? 'admin' : 'user',
        isApproved: doc.isApproved,
        createdAt: doc.createdAt.toISOString(),
      },
    };
  }

  applyUser(doc: UserFacts): void {
    const id = String(doc._id);
    if (!this.isNewer(this.users.get(id), doc.seq ?? 0)) return;
    this.dropUser(id);
    const held = this.userOf(doc);
    this.users.put(held);
    if (!held.item.isApproved) this.usersWaiting++;
    this.noteChange('user', id, doc.seq);
  }

  private dropUser(id: string): void {
    const held = this.users.delete(id);
    if (held && !held.item.isApproved) this.usersWaiting--;
  }

  /** The user is gone; `seq`: its removal's number, for the change feed (none: not known). */
  removeUser(id: string, seq?: number): void {
    this.dropUser(id);
    this.noteChange('user', id, seq);
  }

  loadUsers(docs: Iterable<UserFacts>): void {
    const held = [...docs].map((doc) => this.userOf(doc));
    this.usersWaiting += held.filter((h) => !h.item.isApproved).length;
    this.users.load(held);
  }

  /**
   * The change feed's index at a build, from what the sets hold and the removals (tombstones)
   * read with them; once, after the loads above.
   */
  loadChanges(removals: Iterable<RemovalFacts>): void {
    const entries: FeedEntry[] = [];
    const add = (kind: AdminKind, held: Iterable<{ id: string; seq: number }>) => {
      for (const h of held) if (h.seq) entries.push({ seq: h.seq, id: changeKey(kind, h.id) });
    };
    add('article', this.articles.inOrder());
    add('comment', this.comments.values());
    add('user', this.users.inOrder());
    for (const removal of removals) {
      const kind = removal.kind as AdminKind;
      if (removal.seq && !this.isHeld(kind, removal.refId)) entries.push({ seq: removal.seq, id: changeKey(kind, removal.refId) });
    }
    this.changes.load(entries);
  }

  /** Whether the view holds user `id` as an approved administrator (as of its last change). */
  isAdmin(id: string): boolean {
    const held = this.users.get(id);
    return held !== undefined && held.item.role === 'admin' && held.item.isApproved;
  }

  /** Whether the thing is in the view now (a change feed entry that is not is a removal). */
  isHeld(kind: AdminKind, id: string): boolean {
    if (kind === 'article') return this.articles.get(id) !== undefined;
    if (kind === 'comment') return this.comments.has(id);
    return this.users.get(id) !== undefined;
  }
}

