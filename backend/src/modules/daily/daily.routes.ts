// GET /api/daily?from=&to=: the daily texts of a window of dates (a device asks for the 30 days
// before its today and the 60 after). A request costs one `_id` read of the texts' stamp
// (daily-store.ts); each date's text is read by `_id` once after every change and then kept in
// memory, and so is each window's answer. Nothing here reads the whole collection, which grows by
// one text a day. The ETag is a hash of the answer, the same on every instance.
//
// The admin calls: save (add or edit), delete, import.
import crypto from 'node:crypto';
import Router from '@koa/router';
import {
  dailyInputSchema,
  dailyWindowQuerySchema,
  deleteDailyRequestSchema,
  importDailyRequestSchema,
  isoDay,
  isoFromDay,
  saveDailyRequestSchema,
} from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { SharedBody, sendShared } from '../../http/shared-body.ts';
import { parseWith } from '../../http/validate.ts';
import type { ScriptureRouterDeps } from '../router-deps.ts';
import { toDailyDto, type DailyDoc } from './daily-store.ts';
import { DAILY_MESSAGES, dailyService } from './daily.service.ts';

/** Windows kept at once: every device of a day asks for the same one or two (time zones). */
const WINDOWS_KEPT_MAX = 32;

interface Rendered {
  body: SharedBody;
  etag: string;
}

export function dailyRouter({ connection, adminWrite, scripture }: ScriptureRouterDeps): Router {
  const router = new Router();
  const daily = dailyService(connection, scripture);
  // What is kept belongs to one stamp: a change anywhere drops it all.
  let keptStamp: string | null = null;
  let dates = new Map<string, DailyDoc | null>();
  let windows = new Map<string, Rendered>();

  async function windowOf(from: string, to: string): Promise<Rendered> {
    // The stamp is read before the texts: what is kept is at least as new as its stamp.
    const stamp = await daily.store.stamp();
    if (stamp !== keptStamp) {
      keptStamp = stamp;
      dates = new Map();
      windows = new Map();
    }
    const key = `${from}/${to}`;
    const kept = windows.get(key);
    if (kept) return kept;
    const wanted: string[] = [];
    for (let day = isoDay(from); day <= isoDay(to); day += 1) wanted.push(isoFromDay(day));
    const missing = wanted.filter((date) => !dates.has(date));
    for (const [date, doc] of await daily.store.some(missing)) dates.set(date, doc);
    const texts = wanted.flatMap((date) => {
      const doc = dates.get(date);
      return doc ? [toDailyDto(doc)] : [];
    });
    const json = JSON.stringify({ success: true, dailyTexts: texts });
    const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const rendered = { body: new SharedBody(json), etag: etagOf('daily', hash) };
    if (windows.size >= WINDOWS_KEPT_MAX) {
      windows.clear();
      dates.clear();
    }
    windows.set(key, rendered);
    return rendered;
  }

  router.get(API_PATHS.dailyTexts, async (ctx) => {
    const { from, to } = parseWith(dailyWindowQuerySchema, ctx.query);
    const { body, etag } = await windowOf(from, to);
    if (answeredNotModified(ctx, etag)) return;
    await sendShared(ctx, body);
  });

  router.post(API_PATHS.saveDailyText, adminWrite, async (ctx) => {
    const { dailyText } = parseWith(saveDailyRequestSchema, ctx.request.body);
    const outcome = await daily.save(parseWith(dailyInputSchema, dailyText));
    const messages = { created: DAILY_MESSAGES.CREATED, updated: DAILY_MESSAGES.UPDATED, unchanged: DAILY_MESSAGES.UNCHANGED };
    ctx.status = outcome.kind === 'created' ? 201 : 200;
    ctx.body = { success: true, message: messages[outcome.kind], dailyText: toDailyDto(outcome.text) };
  });

  router.delete(API_PATHS.deleteDailyText, adminWrite, async (ctx) => {
    const { date, version } = parseWith(deleteDailyRequestSchema, ctx.request.body);
    await daily.remove(date, version);
    ctx.body = { success: true, message: DAILY_MESSAGES.DELETED };
  });

  router.post(API_PATHS.importDailyTexts, adminWrite, async (ctx) => {
    const { dailyTexts: rows } = parseWith(importDailyRequestSchema, ctx.request.body);
    const saved = await daily.importMany(rows);
    ctx.status = 201;
    ctx.body = { success: true, message: DAILY_MESSAGES.IMPORTED(saved.length), dailyTexts: saved.map(toDailyDto) };
  });

  return router;
}
