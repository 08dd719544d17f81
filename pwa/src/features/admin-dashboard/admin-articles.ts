// The admin's articles as the dashboard and the All Articles table show them, read from the
// device's copy of the admin view (filled by sync/pull-admin.ts, changed at once by the outbox).
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { compareNewestFirst } from '@fw/contracts/order';
import { db, useLiveQuery, type LocalAdminArticle } from '../../db/db.ts';

/** The server's order (contracts/order.ts), so both agree on "recent". */
export function newestFirst(a: LocalAdminArticle, b: LocalAdminArticle): number {
  return compareNewestFirst(a.createdAt, a._id, b.createdAt, b._id);
}

export interface DashboardNumbers {
  totalArticles: number;
  totalComments: number;
  totalDrafts: number;
  recentArticles: LocalAdminArticle[];
}

/** The dashboard's numbers, derived from the device's copy: drafts are the unpublished ones. */
export function dashboardFrom(articles: LocalAdminArticle[], totalComments: number): DashboardNumbers {
  const sorted = [...articles].sort(newestFirst);
  return {
    totalArticles: sorted.length,
    totalComments,
    totalDrafts: sorted.filter((a) => !a.isPublished).length,
    recentArticles: sorted.slice(0, DASHBOARD_RECENT_ARTICLES),
  };
}

export const EMPTY_DASHBOARD: DashboardNumbers = { totalArticles: 0, totalComments: 0, totalDrafts: 0, recentArticles: [] };

export function useAdminArticles(): LocalAdminArticle[] | undefined {
  return useLiveQuery(async () => (await db.adminArticles.toArray()).sort(newestFirst));
}

/** undefined while the device reads; zeros and an empty list until the first pull. */
export function useDashboard(): DashboardNumbers | undefined {
  return useLiveQuery(async () => {
    const [articles, comments] = await Promise.all([db.adminArticles.toArray(), db.adminComments.count()]);
    return dashboardFrom(articles, comments);
  });
}
