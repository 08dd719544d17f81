// What a sync round records for the person (engine.ts, SYNC_ERROR_KEY, shown by status.ts and
// admin-status.ts): a round with no answer while the browser says it is online is an error to show
// (the server is down, a captive portal); offline it is not, and a round that goes well clears it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@fw/contracts/paths';
import { getMeta, setMeta } from '../db/db.ts';
import { SYNC_ERROR_KEY } from '../db/meta-keys.ts';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../test/reset-db.ts';
import { SERVER_UNREACHABLE_MESSAGE, requestSync } from './engine.ts';

// What a round that went well starts after it (the Bible books and pictures its articles cite).
vi.mock('../bible/bible-keeper.ts', () => ({ keepInBackground: () => Promise.resolve() }));
vi.mock('./images/image-keeper.ts', () => ({ keepArticleImages: () => Promise.resolve() }));

/** The public feeds' answers with nothing new: a round that goes well. */
function answered(path: string) {
  const { pathname } = new URL(path, 'http://x');
  if (pathname === API_PATHS.schedule) return { status: 200, body: { success: true, lessons: [] } };
  if (pathname === API_PATHS.dailyTexts) return { status: 200, body: { success: true, dailyTexts: [] } };
  if (pathname === API_PATHS.articleFeed) return { status: 200, body: { success: true, articles: [], removed: [], cursor: '1', hasMore: false } };
  if (pathname === API_PATHS.commentFeed) return { status: 200, body: { success: true, comments: [], removed: [], cursor: '1', hasMore: false } };
  return undefined;
}

let server: ScriptedServer;
/** Whether the server answers; when not, every call fails as a fetch with no answer does. */
let reachable: boolean;
/** What the browser says of the line (navigator.onLine). */
let online: boolean;

beforeEach(async () => {
  server = await startScriptedServer(null);
  reachable = true;
  online = true;
  server.script = (call) => (reachable ? answered(call.path) : 'offline');
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  stopScriptedServer();
});

describe('a sync round with no answer', () => {
  it('says the server cannot be reached while the browser is online, and a round that goes well clears it', async () => {
    reachable = false;
    await requestSync();
    expect(server.calls.length).toBeGreaterThan(0);
    expect(await getMeta(SYNC_ERROR_KEY)).toBe(SERVER_UNREACHABLE_MESSAGE);

    reachable = true;
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBeNull();
  });

  it('records nothing while offline, and the error once a round back online still gets no answer', async () => {
    reachable = false;
    online = false;
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBeNull();

    // Back online, the server still down: the round says so.
    online = true;
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBe(SERVER_UNREACHABLE_MESSAGE);

    // Offline again: a round that fails then is not an error, whatever the last one said.
    online = false;
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBeNull();

    online = true;
    reachable = true;
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBeNull();
  });

  it('records nothing for a round that began offline and failed as the line came back (the next round tells)', async () => {
    online = false;
    server.script = () => {
      online = true;
      return 'offline';
    };
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBeNull();
  });

  it('keeps the server\'s own reason for a refusal', async () => {
    await setMeta(SYNC_ERROR_KEY, null);
    server.script = () => ({ status: 503, body: { success: false, message: 'Database unavailable' } });
    await requestSync();
    expect(await getMeta(SYNC_ERROR_KEY)).toBe('Database unavailable');
  });
});
