// One article for the article page, from the device. When it is missing and the device is online,
// it is fetched once (GET /api/articles/{id}) into the device, which the live query then shows.
// A visit that starts on this page (a shared link) already holds the article in the page the
// server sent (lib/first-paint.ts): it shows at once and is saved to the device without a fetch.
// An article shown earlier in this visit shows at once too (`shown`), while the device is read.
import { useEffect, useMemo, useState } from 'react';
import type { Article } from '@fw/contracts';
import { ApiError, api } from '../../lib/api.ts';
import { db, useLiveQuery, type ArticleBody, type ArticleSummary } from '../../db/db.ts';
import { splitArticle } from '../../sync/article-store.ts';
import { firstPaintFor } from '../../lib/first-paint.ts';
import { paths } from '../../lib/paths.ts';
import { isQuotaError, setStorageFull } from '../../lib/storage.ts';
import { articlePath } from '@fw/contracts/paths';

export type ArticleState =
  | { status: 'loading' }
  | { status: 'ready'; article: ArticleSummary; body: ArticleBody }
  | { status: 'missing'; reason: 'offline' | 'not-found' | 'error'; message?: string };

/** How many of the articles last shown are kept in memory (their HTML is tens of KB each). */
const SHOWN_KEPT = 8;

/**
 * The articles shown in this visit, the latest last. Back (or Forward) to one of them draws it from
 * here in the render that follows the address, before the browser puts that entry's scroll back:
 * read from the device, it would come a frame or more later, after a loading screen too short to
 * be scrolled to that place, and would be drawn wherever the window was left.
 */
const shown = new Map<string, { article: ArticleSummary; body: ArticleBody }>();

function keepShown(id: string, article: ArticleSummary | undefined, body: ArticleBody | undefined): void {
  shown.delete(id);
  if (!article || !body) return;
  shown.set(id, { article, body });
  if (shown.size > SHOWN_KEPT) shown.delete(shown.keys().next().value!);
}

/** Whether the article `id` was shown earlier in this visit and is still kept: a return draws it at once. */
export const shownInVisit = (id: string): boolean => shown.has(id);

export function useArticle(id: string): ArticleState {
  const local = useLiveQuery(async () => {
    const [article, body] = await Promise.all([db.articles.get(id), db.bodies.get(id)]);
    keepShown(id, article, body);
    return { article, body };
  }, [id]);
  const [fetchState, setFetchState] = useState<{ id: string; result: ArticleState } | null>(null);
  const missing = local !== undefined && (!local.article || !local.body);
  const given = useMemo(() => fromServerPage(id), [id]);

  useEffect(() => {
    if (!missing || given?.status === 'missing') return;
    // A server copy in the page is saved as is; otherwise the article is fetched.
    let cancelled = false;
    // Offline, the request fails at once and lands in the catch below as 'offline'.
    const article = given?.status === 'ready'
      ? Promise.resolve(given.article)
      : api<{ article: Article }>('GET', articlePath(id)).then(({ data }) => data.article);
    article
      .then(async (found) => {
        const { summary, body } = splitArticle(found);
        try {
          await db.transaction('rw', db.articles, db.bodies, async () => {
            // Never over a newer copy the sync stored meanwhile.
            const stored = await db.articles.get(found._id);
            if (stored && stored.version >= found.version) return;
            await db.articles.put(summary);
            await db.bodies.put(body);
          });
        } catch (error) {
          if (!isQuotaError(error)) throw error;
          // The device is full: show the article from the answer itself; it is not kept offline.
          setStorageFull(true);
          if (!cancelled) setFetchState({ id, result: { status: 'ready', article: summary, body } });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const reason = error instanceof ApiError && error.isNetwork ? 'offline' : error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not-found' : 'error';
        setFetchState({ id, result: { status: 'missing', reason, message: error instanceof Error ? error.message : undefined } });
      });
    return () => {
      cancelled = true;
    };
  }, [id, missing, given]);

  if (local?.article && local.body) return { status: 'ready', article: local.article, body: local.body };
  if (given && (local === undefined || missing)) return given.state;
  if (local === undefined) {
    const kept = shown.get(id);
    return kept ? { status: 'ready', ...kept } : { status: 'loading' };
  }
  return fetchState?.id === id ? fetchState.result : { status: 'loading' };
}

/** The article (or its absence) as the server wrote it into the page this visit started on. */
type ServerCopy = { status: 'ready'; state: ArticleState; article: Article } | { status: 'missing'; state: ArticleState };

function fromServerPage(id: string): ServerCopy | null {
  const data = firstPaintFor(paths.article(id));
  if (data?.page === 'article' && data.article._id === id) {
    const { summary, body } = splitArticle(data.article);
    return { status: 'ready', state: { status: 'ready', article: summary, body }, article: data.article };
  }
  if (data?.page === 'article-missing' && data.id === id) {
    return { state: { status: 'missing', reason: 'not-found' }, status: 'missing' };
  }
  return null;
}
