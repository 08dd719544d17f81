// The article screen reads its article from the device, which answers a frame or more after the
// screen is drawn; an article shown earlier in the visit is drawn from memory in the first render,
// so Back to it lands in the same frame as its address (and the scroll the browser puts back).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { db, type ArticleSummary } from '../../db/db.ts';
import { useArticle } from './use-article.ts';

const summary = (n: number): ArticleSummary => ({
  _id: `64f0000000000000000003${String(n).padStart(2, '0')}`,
  title: `Title ${n}`,
  subtitle: 'Sub',
  category: 'Hope',
  isPublished: true,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

beforeEach(async () => {
  await db.articles.clear();
  await db.bodies.clear();
  for (const n of [1, 2]) {
    await db.articles.put(summary(n));
    await db.bodies.put({ _id: summary(n)._id, content: `<p>Text ${n}</p>` });
  }
});
afterEach(cleanup);

describe('the article screen’s article', () => {
  it('is drawn in the first render once it was shown in this visit, and loads before that', async () => {
    const id = summary(1)._id;
    const first = renderHook(() => useArticle(id));
    expect(first.result.current.status).toBe('loading');
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();

    const again = renderHook(() => useArticle(id));
    expect(again.result.current).toMatchObject({ status: 'ready', body: { content: '<p>Text 1</p>' } });
    // Another article, never shown: read from the device first.
    expect(renderHook(() => useArticle(summary(2)._id)).result.current.status).toBe('loading');
  });

  it('shows the device’s newer copy once read, over the one kept from earlier', async () => {
    const id = summary(1)._id;
    const first = renderHook(() => useArticle(id));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.unmount();
    await db.bodies.put({ _id: id, content: '<p>Text 1, edited</p>' });

    const again = renderHook(() => useArticle(id));
    expect(again.result.current).toMatchObject({ status: 'ready', body: { content: '<p>Text 1</p>' } });
    await waitFor(() => expect(again.result.current).toMatchObject({ body: { content: '<p>Text 1, edited</p>' } }));
  });
});
