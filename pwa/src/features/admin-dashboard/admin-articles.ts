// The admin's articles as the dashboard and the All Articles table show them, read from the
// device's copy of the admin view (filled by sync/pull-admin.ts, changed at once by the outbox) a
// page at a time by its indexes: opening either screen reads the rows it shows, not the library.
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { db, firstOf, useLiveQuery, type LocalAdminArticle } from '../../db/db.ts';
import { textMatches, type TableSlice } from '../../components/ui/table-window.ts';

export interface DashboardNumbers {
  totalArticles: number;
  totalComments: number;
  totalDrafts: number;
  recentArticles: LocalAdminArticle[];
}

/** Newest first (contracts/order.ts): the index on createdAt, ties by the larger id, as the server. */
const newestFirst = () => db.adminArticles.orderBy('createdAt').reverse();

/** The dashboard's numbers: drafts are the unpublished articles, counted by their index. */
export async function readDashboard(): Promise<DashboardNumbers> {
  const [totalArticles, totalDrafts, totalComments, recentArticles] = await Promise.all([
    db.adminArticles.count(),
    db.adminArticles.where('draft').equals(1).count(),
    db.adminComments.count(),
    newestFirst().limit(DASHBOARD_RECENT_ARTICLES).toArray(),
  ]);
  return { totalArticles, totalComments, totalDrafts, recentArticles };
}

export const EMPTY_DASHBOARD: DashboardNumbers = { totalArticles: 0, totalComments: 0, totalDrafts: 0, recentArticles: [] };

/** The first `shown` articles, newest first, whose title contains `q` (every one, when empty). */
export async function readArticles(q: string, shown: number): Promise<TableSlice<LocalAdminArticle>> {
  const { rows, more } = await firstOf(newestFirst(), shown, q ? (a) => textMatches(q, a.title) : undefined);
  return { rows, more, total: q ? undefined : await db.adminArticles.count(), q };
}

export function useAdminArticles(q: string, shown: number): TableSlice<LocalAdminArticle> | undefined {
  return useLiveQuery(() => readArticles(q, shown), [q, shown]);
}

/** undefined while the device reads; zeros and an empty list until the first pull. */
export function useDashboard(): DashboardNumbers | undefined {
  return useLiveQuery(readDashboard);
}
