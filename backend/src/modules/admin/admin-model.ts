// The admin view held in memory beside the public read model (sync/read-model.ts), and kept current
// by the same horizon and claims: every article as a summary (drafts and scheduled ones included,
// no body), every comment (waiting and approved), every user, and the counts the dashboard shows,
// moved as each change is applied. The admin screens' pages are answered from it, so no request
// reads or counts a collection. Pure (no database): read-model.ts feeds it documents.
import type {
  AdminCommentItem,
  AdminCounts,
  AdminUserItem,
  ArticleStatus,
  ArticleSummary,
  CommentStatus,
} from '@fw/contracts';
import { compareNewestFirst } from '@fw/contracts/order';
import { OrderedSet } from './ordered-set.ts';

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
    this.removeArticle(id);
    const held = this.articleOf(doc);
    this.articles.put(held);
    this.statusCounts[held.item.status]++;
  }

  removeArticle(id: string): void {
    const held = this.articles.delete(id);
    if (held) this.statusCounts[held.item.status]--;
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
    this.removeComment(id);
    const held = this.commentOf(doc);
    this.holdComment(held);
    this.commentsByStatus(held.item.isApproved ? 'approved' : 'waiting').put(held);
  }

  removeComment(id: string): void {
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
    this.removeUser(id);
    const held = this.userOf(doc);
    this.users.put(held);
    if (!held.item.isApproved) this.usersWaiting++;
  }

  removeUser(id: string): void {
    const held = this.users.delete(id);
    if (held && !held.item.isApproved) this.usersWaiting--;
  }

  loadUsers(docs: Iterable<UserFacts>): void {
    const held = [...docs].map((doc) => this.userOf(doc));
    this.usersWaiting += held.filter((h) => !h.item.isApproved).length;
    this.users.load(held);
  }
}
