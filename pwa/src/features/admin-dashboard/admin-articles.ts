// The admin's articles as the dashboard and the All Articles table show them, read from the
// device's copy of the admin view (filled by sync/pull-admin.ts, changed at once by the outbox) a
// page at a time by its indexes: opening either screen reads the rows it shows, not the library.
import type { AdminCounts } from '@fw/contracts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { newestFirst } from '@fw/contracts/order';
import { db, findRows, firstOf, readInPages, useLiveQuery, type LocalAdminArticle } from '../../db/db.ts';
import { textMatches, withTotal, type TableSlice } from '../../components/ui/table-window.ts';
import { useWalkCounts } from '../../sync/admin-status.ts';

/** Articles a filter reads a request when it reads them all: each holds its whole text. */
const ARTICLES_A_PIECE = 50;

export interface DashboardNumbers {
  totalArticles: number;
  totalComments: number;
  totalDrafts: number;
  recentArticles: LocalAdminArticle[];
}

/** Newest first (contracts/order.ts): the index on createdAt, ties by the larger id, as the server. */
const byDate = () => db.adminArticles.orderBy('createdAt').reverse();

/** The dashboard's numbers: drafts are the unpublished articles, counted by their index. */
export async function readDashboard(): Promise<DashboardNumbers> {
  const [totalArticles, totalDrafts, totalComments, recentArticles] = await Promise.all([
    db.adminArticles.count(),
    db.adminArticles.where('draft').equals(1).count(),
    db.adminComments.count(),
    byDate().limit(DASHBOARD_RECENT_ARTICLES).toArray(),
  ]);
  return { totalArticles, totalComments, totalDrafts, recentArticles };
}

/** The numbers with the server's counts in place of the device's, while its copy is partial. */
export function withWalkCounts(numbers: DashboardNumbers, counts: AdminCounts | null | undefined): DashboardNumbers {
  if (!counts) return numbers;
  return {
    ...numbers,
    totalArticles: counts.articles,
    totalComments: counts.commentsWaiting + counts.commentsApproved,
    totalDrafts: counts.drafts + counts.scheduled,
  };
}

export const EMPTY_DASHBOARD: DashboardNumbers = { totalArticles: 0, totalComments: 0, totalDrafts: 0, recentArticles: [] };

/** The first `shown` articles, newest first, whose title contains `q` (every one, when empty). */
export async function readArticles(q: string, shown: number): Promise<TableSlice<LocalAdminArticle>> {
  if (!q) return { ...(await firstOf(byDate(), shown)), q };
  const keep = (a: LocalAdminArticle) => textMatches(q, a.title);
  const readAll = (kept: typeof keep) => readInPages(db.adminArticles, { piece: ARTICLES_A_PIECE, keep: kept });
  return { ...(await findRows(byDate(), keep, { count: shown, readAll, compare: newestFirst })), q };
}

export function useAdminArticles(q: string, shown: number): TableSlice<LocalAdminArticle> | undefined {
  const slice = useLiveQuery(() => readArticles(q, shown), [q, shown]);
  const counted = useLiveQuery(() => db.adminArticles.count());
  const walk = useWalkCounts();
  return withTotal(slice, walk ? walk.articles : counted);
}

/** undefined while the device reads; zeros and an empty list until the first pull. */
export function useDashboard(): DashboardNumbers | undefined {
  return useLiveQuery(readDashboard);
}
