// The JS heap of every page and worker of a browser, over a raw DevTools connection
// (Playwright's CDP sessions cannot reach a page's dedicated workers).
import WebSocket from 'ws';

export async function watchHeaps(port) {
  const { webSocketDebuggerUrl } = await (
    await fetch(`http://127.0.0.1:${port}/json/version`)
  ).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let lastId = 0;
  const waiting = new Map();
  /** sessionId -> { type, url } of every attached page and worker. */
  const sessions = new Map();
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject, method });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const autoAttach = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true };
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id) {
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending?.reject(new Error(`${pending.method}: ${message.error.message}`));
      else pending?.resolve(message.result);
      return;
    }
    if (message.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo } = message.params;
      sessions.set(sessionId, { type: targetInfo.type });
      if (targetInfo.type === 'page')
        send('Target.setAutoAttach', autoAttach, sessionId).catch(() => {});
    }
    if (message.method === 'Target.detachedFromTarget') sessions.delete(message.params.sessionId);
  });
  await send('Target.setAutoAttach', autoAttach);
  return {
    /** Used JS heap and typed-array memory, in bytes after a garbage collection, of the pages and workers of `types`. */
    async usedBytes(types = ['page', 'worker']) {
      let total = 0;
      const parts = [];
      for (const [sessionId, info] of sessions) {
        if (!types.includes(info.type)) continue;
        await send('HeapProfiler.collectGarbage', {}, sessionId).catch(() => {});
        const usage = await send('Runtime.getHeapUsage', {}, sessionId).catch(() => null);
        if (!usage) continue;
        // backingStorageSize: typed arrays' memory, outside the JS heap proper (newer chromium).
        const bytes = usage.usedSize + (usage.backingStorageSize ?? 0);
        total += bytes;
        parts.push({ type: info.type, usedBytes: bytes });
      }
      return { total, parts };
    },
    close() {
      ws.close();
    },
  };
}
