// The write scope of the request that is running (db/claims/key-records.ts WriteScope), held by Node's
// AsyncLocalStorage. The idempotency middleware (middleware/idempotency.ts) sets it once per write
// call, and db/write-change.ts reads it where a change is made, so no layer in between passes it on.
//
// Whatever a request starts inherits its scope: promises, timers, event callbacks. Work that is not
// the request's own change (a timer's job, a repair write of the read model) must not be settled by
// the request's answer nor refused by its deadline, so it runs in `outsideWriteScope`. Writes made
// outside any request (seed, migrations, tools, tests) see no scope, as they always did.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { WriteScope } from './claims/index.ts';

const storage = new AsyncLocalStorage<WriteScope>();

/** Runs `work` (and all it starts) with `scope` as the current write scope. */
export function runInWriteScope<T>(scope: WriteScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the request whose code is running now; undefined outside a write call. */
export function currentWriteScope(): WriteScope | undefined {
  return storage.getStore();
}

/** Runs `work` (and all it starts, timers included) with no write scope, even inside a request. */
export function outsideWriteScope<T>(work: () => T): T {
  return storage.exit(work);
}
