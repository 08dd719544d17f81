// What app.ts hands every router that has admin calls and writes: one home for the shape, so the
// routers cannot drift apart on how the guard and the Idempotency-Key layer reach them.
import type { Middleware } from 'koa';
import type mongoose from 'mongoose';
import type { AdminState } from '../middleware/require-admin.ts';
import type { ScripturePool } from './scripture/scripture-pool.ts';

export interface WriteRouterDeps {
  connection: mongoose.Connection;
  /**
   * Every admin write's one layer: the Idempotency-Key layer (keys belong to their caller) with the
   * require-admin check made beside the key's claim (middleware/idempotency.ts CheckBeside).
   */
  adminWrite: Middleware<AdminState>;
}

/** A router with admin calls that write nothing, too. */
export interface AdminReadDeps {
  /** The require-admin guard app.ts builds once for every admin call that writes nothing. */
  adminOnly: Middleware<AdminState>;
}

/** The routers whose saves link Bible citations (articles, lessons). */
export interface ScriptureRouterDeps extends WriteRouterDeps {
  /** The citation threads (scripture/scripture-pool.ts); its owner closes it. */
  scripture: ScripturePool;
}
