import { describe, expect, it } from 'vitest';
import type { LocalAdminArticle } from '../../db/db.ts';
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { dashboardFrom, newestFirst } from './admin-articles.ts';

function article(n: number, isPublished: boolean, createdAt = `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`): LocalAdminArticle {
  return {
    _id: `65a1b2c3d4e5f60718293a${String(n).padStart(2, '0')}`,
    title: `A${n}`,
    subtitle: '',
    content: '',
    category: '',
    isPublished,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

describe('dashboardFrom', () => {
  it('counts articles, drafts and comments, and lists the newest few', () => {
    const articles = [article(1, true), article(2, false), article(3, true), article(4, false), article(5, true), article(6, true), article(7, true)];
    const data = dashboardFrom(articles, 12);
    expect(data.totalArticles).toBe(7);
    expect(data.totalDrafts).toBe(2);
    expect(data.totalComments).toBe(12);
    expect(data.recentArticles.map((a) => a.title)).toEqual(['A7', 'A6', 'A5', 'A4', 'A3']);
    expect(data.recentArticles).toHaveLength(DASHBOARD_RECENT_ARTICLES);
  });

  it('starts at zero with an empty list', () => {
    expect(dashboardFrom([], 0)).toEqual({ totalArticles: 0, totalComments: 0, totalDrafts: 0, recentArticles: [] });
  });

  it('breaks ties on the date by id, newest id first, as the server does', () => {
    const same = '2025-02-01T00:00:00.000Z';
    const sorted = [article(1, true, same), article(2, true, same)].sort(newestFirst);
    expect(sorted.map((a) => a.title)).toEqual(['A2', 'A1']);
  });
});
