// One article for the article page, from the device. When it is missing and the device is online,
// it is fetched once (GET /api/articles/{id}) into the device, which the live query then shows.
import { useEffect, useState } from 'react';
import type { Article } from '@fw/contracts';
import { ApiError, api } from '../../lib/api.ts';
import { db, useLiveQuery, type ArticleBody, type ArticleSummary } from '../../db/db.ts';
import { splitArticle } from '../../sync/pull.ts';

export type ArticleState =
  | { status: 'loading' }
  | { status: 'ready'; article: ArticleSummary; body: ArticleBody }
  | { status: 'missing'; reason: 'offline' | 'not-found' | 'error'; message?: string };

export function useArticle(id: string): ArticleState {
  const local = useLiveQuery(async () => {
    const [article, body] = await Promise.all([db.articles.get(id), db.bodies.get(id)]);
    return { article, body };
  }, [id]);
  const [fetchState, setFetchState] = useState<{ id: string; result: ArticleState } | null>(null);
  const missing = local !== undefined && (!local.article || !local.body);

  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    // Offline, the request fails at once and lands in the catch below as 'offline'.
    api<{ article: Article }>('GET', `/api/articles/${encodeURIComponent(id)}`)
      .then(async ({ data }) => {
        const { summary, body } = splitArticle(data.article);
        await db.transaction('rw', db.articles, db.bodies, async () => {
          await db.articles.put(summary);
          await db.bodies.put(body);
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const reason = error instanceof ApiError && error.isNetwork ? 'offline' : error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not-found' : 'error';
        setFetchState({ id, result: { status: 'missing', reason, message: error instanceof Error ? error.message : undefined } });
      });
    return () => {
      cancelled = true;
    };
  }, [id, missing]);

  if (local === undefined) return { status: 'loading' };
  if (local.article && local.body) return { status: 'ready', article: local.article, body: local.body };
  return fetchState?.id === id ? fetchState.result : { status: 'loading' };
}
