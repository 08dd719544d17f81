// Worship lessons put into a database once: the 2025 schedule (contracts/src/schedule-2025.ts) on every
// database, and on the embedded development database a few demo weeks starting with the week it
// is seeded, so the Family page shows something on any date. Each lesson has a fixed id made from
// its date, and a date that already has a lesson is skipped, so a seed cut off half-way completes
// on the next start and never doubles a lesson; a `meta` record says each seed is done, so
// what an administrator deletes later stays deleted.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import {
  SCHEDULE_2025,
  fieldsFromLesson,
  isoFromDay,
  localDay,
  nextLessonDay,
  type LessonFields,
} from '@fw/contracts';
import { isDuplicateKey } from '../duplicate-key.ts';
import { lessonStore } from '../../modules/schedule/lesson-store.ts';
import { lessonScripture } from '../../modules/scripture/lesson-scripture.ts';
import type { ScripturePool } from '../../modules/scripture/scripture-pool.ts';
import { DEMO_LESSONS } from './demo-lessons.ts';

const SCHEDULE_2025_SEED_ID = 'seed:lessons-2025';
const DEMO_LESSONS_SEED_ID = 'seed:lessons-demo';
const DAYS_PER_WEEK = 7;

interface SeedMarkDoc {
  _id: string;
  seededAt: Date;
}

/** A seeded lesson's id: the same for the same date in every run. */
const seedLessonId = (date: string) => crypto.createHash('sha256').update(`seed-lesson ${date}`).digest('hex').slice(0, 24);

async function seedLessonsOnce(
  connection: mongoose.Connection,
  scripture: ScripturePool,
  markId: string,
  lessons: readonly LessonFields[],
) {
  const marks = connection.collection<SeedMarkDoc>('meta');
  if (await marks.findOne({ _id: markId })) return { seeded: false };
  const store = lessonStore(connection);
  let added = 0;
  for (const fields of lessons) {
    const id = seedLessonId(fields.date);
    if (typeof (await store.claimDate(fields.date, id)) === 'object') continue;
    try {
      await store.insert(id, fields, await lessonScripture(fields, scripture));
      added += 1;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  if (added) await store.touch();
  try {
    await marks.insertOne({ _id: markId, seededAt: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return { seeded: true };
}

/** The 2025 schedule, once per database (any database, MONGODB_URI included). */
export function seedSchedule2025(connection: mongoose.Connection, scripture: ScripturePool) {
  return seedLessonsOnce(connection, scripture, SCHEDULE_2025_SEED_ID, SCHEDULE_2025.map(fieldsFromLesson));
}

/** The demo weeks: the lesson day of the seeding week (the latest Friday up to today) and on. */
export function demoLessonsFrom(today: number): LessonFields[] {
  const first = nextLessonDay(today) - (nextLessonDay(today) === today ? 0 : DAYS_PER_WEEK);
  return DEMO_LESSONS.map((lesson, week) => ({ ...lesson, date: isoFromDay(first + week * DAYS_PER_WEEK) }));
}

export function seedDemoLessons(connection: mongoose.Connection, scripture: ScripturePool, now = new Date()) {
  return seedLessonsOnce(connection, scripture, DEMO_LESSONS_SEED_ID, demoLessonsFrom(localDay(now)));
}
