// What an admin list says under the part it holds when a new device's first walk of the admin view
// stops short (admin-status.ts useWalkPause): with the server unreachable while the browser says it
// is online, the reason and Retry (engine.ts records it), offline the offline words, and once a
// round reaches the walk's end, nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AdminChanges } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { SERVER_UNREACHABLE_MESSAGE, requestSync } from './engine.ts';
import { useWalkPause } from './admin-status.ts';

vi.mock('../bible/bible-keeper.ts', () => ({ keepInBackground: () => Promise.resolve() }));
vi.mock('./images/image-keeper.ts', () => ({ keepArticleImages: () => Promise.resolve() }));

const SERVER_COUNTS = { articles: 2, published: 1, drafts: 1, scheduled: 0, commentsWaiting: 0, commentsApproved: 0, usersWaiting: 0, users: 2 };
const user = (n: number) => ({ _id: `64f00000000000000000030${n}`, name: `User ${n}`, email: `u${n}@example.com`, role: 'admin' as const, isApproved: true });

function changes(extra: Partial<AdminChanges>): { status: number; body: AdminChanges } {
  return {
    status: 200,
    body: { success: true, articles: [], comments: [], users: [], removed: { articles: [], comments: [], users: [] }, cursor: 'e1.2', hasMore: false, ...extra },
  };
}

/** The server's answers: the walk's first page, its last, and the public feeds with nothing new. */
function answered(path: string) {
  const url = new URL(path, 'http://x');
  if (url.pathname === API_PATHS.adminChanges) {
    return url.searchParams.get('before') === 'latest'
      ? changes({ users: [user(1)], hasMore: true, before: 'e1.1', counts: SERVER_COUNTS })
      : changes({ users: url.searchParams.has('before') ? [user(2)] : [] });
  }
  if (url.pathname === API_PATHS.schedule) return { status: 200, body: { success: true, lessons: [] } };
  if (url.pathname === API_PATHS.dailyTexts) return { status: 200, body: { success: true, dailyTexts: [] } };
  if (url.pathname === API_PATHS.articleFeed) return { status: 200, body: { success: true, articles: [], removed: [], cursor: '1', hasMore: false } };
  if (url.pathname === API_PATHS.commentFeed) return { status: 200, body: { success: true, comments: [], removed: [], cursor: '1', hasMore: false } };
  return undefined;
}

let server: ScriptedServer;
let online: boolean;
beforeEach(async () => {
  server = await startScriptedServer('a-token');
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  stopScriptedServer();
});

describe('an admin list whose first walk stopped short', () => {
  it('says the server cannot be reached with Retry while online, offline words while offline, and nothing once Retry reached the end', async () => {
    // The walk's first page comes; then the server cannot be reached, the browser online.
    let reachable = true;
    server.script = (call) => {
      const url = new URL(call.path, 'http://x');
      if (url.pathname === API_PATHS.adminChanges && url.searchParams.get('before') === 'latest') return answered(call.path);
      return reachable ? answered(call.path) : 'offline';
    };
    reachable = false;
    await requestSync();
    const { result } = renderHook(() => useWalkPause());
    await waitFor(() => expect(result.current?.message).toBe(`Could not load the rest of this list: ${SERVER_UNREACHABLE_MESSAGE}`));
    expect(result.current?.retry).toBeTypeOf('function');

    // Offline, the list says more comes once the device is back online, with no Retry.
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(result.current?.message).toBe('Offline: more of this list comes once the device is back online.'));
    expect(result.current?.retry).toBeUndefined();

    // The server answers again: Retry walks to the end, and the list says nothing more.
    online = true;
    reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await act(() => result.current!.retry!());
    await waitFor(() => expect(result.current).toBeUndefined());
  });
});
