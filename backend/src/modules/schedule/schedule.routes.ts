// GET /api/schedule: every Family Worship lesson, in the served lesson shape (`D`, `T`, `R`, `T1`…`R4`,
// plus `_id`, `date` and `version` for the admin screens). The answer is kept in memory with the
// lessons' stamp (lesson-store.ts); a request costs one `_id` read of that stamp, and the lessons
// are read again only after they changed. The ETag is a hash of the answer itself, so every
// instance gives the same tag for the same lessons.
//
// The admin calls: save (add or edit), delete, import.
import crypto from 'node:crypto';
import Router from '@koa/router';
import mongoose from 'mongoose';
import {
  deleteLessonRequestSchema,
  importLessonsRequestSchema,
  lessonInputSchema,
  saveLessonRequestSchema,
} from '@fw/contracts';
import { answeredNotModified, etagOf } from '../../http/conditional-get.ts';
import { SharedBody, sendShared } from '../../http/shared-body.ts';
import { idFromIdempotencyKey } from '../../http/idempotency-key.ts';
import { parseWith } from '../../http/validate.ts';
import { toLessonDto } from './lesson-store.ts';
import { LESSON_MESSAGES, lessonsService } from './lessons.service.ts';
import { API_PATHS } from '@fw/contracts/paths';
import type { ScriptureRouterDeps } from '../router-deps.ts';

interface Rendered {
  stamp: string;
  /** Compressed once, on first demand, for every caller. */
  body: SharedBody;
  etag: string;
}

export function scheduleRouter({ connection, adminWrite, scripture }: ScriptureRouterDeps): Router {
  const router = new Router();
  const lessons = lessonsService(connection, scripture);
  let rendered: Rendered | null = null;

  async function current(): Promise<Rendered> {
    // The stamp is read before the lessons: what is kept is at least as new as its stamp.
    const stamp = await lessons.store.stamp();
    if (rendered?.stamp === stamp) return rendered;
    const list = (await lessons.store.listLive()).map(toLessonDto);
    const json = JSON.stringify({ success: true, lessons: list });
    const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 22);
    rendered = { stamp, body: new SharedBody(json), etag: etagOf('schedule', hash) };
    return rendered;
  }

  router.get(API_PATHS.schedule, async (ctx) => {
    const { body, etag } = await current();
    if (answeredNotModified(ctx, etag)) return;
    await sendShared(ctx, body);
  });

  router.post(API_PATHS.saveLesson, adminWrite, async (ctx) => {
    const { lesson } = parseWith(saveLessonRequestSchema, ctx.request.body);
    const input = parseWith(lessonInputSchema, lesson);
    const _id = input._id ?? idFromIdempotencyKey(ctx) ?? new mongoose.Types.ObjectId().toHexString();
    const outcome = await lessons.save({ ...input, _id });
    const messages = {
      created: LESSON_MESSAGES.CREATED,
      updated: LESSON_MESSAGES.UPDATED,
      unchanged: LESSON_MESSAGES.UNCHANGED,
    };
    ctx.status = outcome.kind === 'created' ? 201 : 200;
    ctx.body = { success: true, message: messages[outcome.kind], lesson: toLessonDto(outcome.lesson) };
  });

  router.delete(API_PATHS.deleteLesson, adminWrite, async (ctx) => {
    const { id } = parseWith(deleteLessonRequestSchema, ctx.request.body);
    await lessons.remove(id);
    ctx.body = { success: true, message: LESSON_MESSAGES.DELETED };
  });

  router.post(API_PATHS.importLessons, adminWrite, async (ctx) => {
    const { lessons: rows } = parseWith(importLessonsRequestSchema, ctx.request.body);
    const seed = idFromIdempotencyKey(ctx) ?? crypto.randomBytes(12).toString('hex');
    const saved = await lessons.importMany(rows, seed);
    ctx.status = 201;
    ctx.body = { success: true, message: LESSON_MESSAGES.IMPORTED(saved.length), lessons: saved.map(toLessonDto) };
  });

  return router;
}
