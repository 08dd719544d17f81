// Helpers for the reader's browser tests: articles made through the real API as the demo admin,
// and a look into the device's IndexedDB as the page sees it.
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, apiCall } from './admin-helpers.ts';

export async function adminToken(): Promise<string> {
  const { data } = await apiCall<{ token: string }>('POST', '/api/admin/login', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  return data.token;
}

export interface MadeArticle {
  _id: string;
  title: string;
  subtitle: string;
}

export async function createArticle(
  token: string,
  fields: { title: string; subtitle?: string; content?: string; isPublished?: boolean; publishAt?: string },
): Promise<MadeArticle> {
  const article = {
    subtitle: `Subtitle of ${fields.title}`,
    content: '<p>A short article.</p>',
    category: 'Life',
    isPublished: true,
    ...fields,
  };
  const { status, data } = await apiCall<{ article: MadeArticle }>(
    'POST',
    '/api/articles/add',
    { article: JSON.stringify(article) },
    token,
  );
  if (status !== 200 && status !== 201) throw new Error(`Creating "${fields.title}" answered ${status}`);
  return data.article;
}

export async function deleteArticle(token: string, id: string): Promise<void> {
  await apiCall('DELETE', '/api/articles/delete', { id }, token);
}

/** Every record of one IndexedDB store of the app's database (only `key`'s when given), read
 * the way the page would; none while the app has not made its database yet (the open would
 * otherwise make an empty one, and the read of a store it lacks would never answer). */
export async function readStore<T>(page: Page, store: string, key?: string): Promise<T[]> {
  return page.evaluate(
    ([name, only]) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('family-bible-articles');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name, 'readonly').objectStore(name).getAll(only ?? undefined);
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [store, key ?? null] as const,
  );
}

export { waitForServiceWorker } from './browser.ts';
