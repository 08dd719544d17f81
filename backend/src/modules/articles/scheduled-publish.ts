// Scheduled publishing: every instance, on a timer, brings its read model up to the horizon (the
// same cheap check every read makes, sync/read-model.ts) and publishes the drafts whose time has
// come. Nobody needs to be online, and an instance that was down publishes what it missed when it
// starts. Each publish is an ordinary change (articles.service publishDue): a version claim and a
// change number, so with several instances one wins and the rest find nothing left to do, and
// devices learn it from the delta feed like any publish. Until then the draft is in no public
// answer, because the public reads show only published articles.
import type mongoose from 'mongoose';
import { outsideWriteScope } from '../../db/write-scope.ts';
import { readModelOn } from '../sync/read-model.ts';
import { articlesService } from './articles.service.ts';

/** How often an instance looks for due drafts unless PUBLISH_CHECK_MS says otherwise. */
const DEFAULT_PUBLISH_CHECK_MS = 10_000;

export interface PublishSchedule {
  /** One check now (also what the timer runs); answers the ids this instance published. */
  check(): Promise<string[]>;
  stop(): void;
}

export function startPublishSchedule(
  connection: mongoose.Connection,
  { intervalMs = DEFAULT_PUBLISH_CHECK_MS, log = console.error }: { intervalMs?: number; log?: (...args: unknown[]) => void } = {},
): PublishSchedule {
  const model = readModelOn(connection);
  const articles = articlesService(connection);
  let running: Promise<string[]> | null = null;

  async function publishDue(): Promise<string[]> {
    const state = await model.current();
    const nowMs = Date.now();
    const due = [...state.scheduled].filter(([, atMs]) => atMs <= nowMs).map(([id]) => id);
    const published: string[] = [];
    for (const id of due) {
      if (await articles.publishDue(id, nowMs)) published.push(id);
    }
    return published;
  }

  function check(): Promise<string[]> {
    // One check at a time: a slow one is not overtaken by the next tick. Its publishes are nobody's
    // request, even when a request started the schedule or this check (db/write-scope.ts).
    running ??= outsideWriteScope(publishDue).finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => {
    check().catch((error: unknown) => {
      // The database away or closing: the next tick tries again.
      if (connection.readyState === 1) log('[scheduled publish]', error);
    });
  }, intervalMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  connection.once('close', stop);
  return { check, stop };
}
