// What app.ts hands every router that has admin calls and writes: one home for the shape, so the
// routers cannot drift apart on how the guard and the Idempotency-Key layer reach them.
import type { Middleware } from 'koa';
import type mongoose from 'mongoose';
import type { AdminState } from '../middleware/require-admin.ts';
import type { ScripturePool } from './scripture/scripture-pool.ts';

export interface WriteRouterDeps {
  connection: mongoose.Connection;
  /** The require-admin guard app.ts builds once for every admin call. */
  adminOnly: Middleware<AdminState>;
  /**
   * The Idempotency-Key layer, mounted after the login check (or a visitor's rate limit) on every
   * write: keys belong to their caller.
   */
  idempotent: Middleware;
}

/** The routers whose saves link Bible citations (articles, lessons). */
export interface ScriptureRouterDeps extends WriteRouterDeps {
  /** The citation threads (scripture/scripture-pool.ts); its owner closes it. */
  scripture: ScripturePool;
}
