// Demo daily texts put into the embedded development database once: backend/seed-data/demo-daily.json
// holds the references and comments without dates; they are given from a few days before the day
// of seeding, so the home card, the /daily page and its previous day show something at once. A
// date that already has a text keeps it (a seed cut off half-way completes on the next start), and
// a `meta` record says the seed is done, so what an administrator deletes later stays deleted.
import fs from 'node:fs';
import type mongoose from 'mongoose';
import { z } from 'zod';
import { isoFromDay, localDay, type DailyTextFields } from '@fw/contracts';
import { isDuplicateKey } from '../db/duplicate-key.ts';
import { HttpError } from '../errors.ts';
import { dailyService } from '../modules/daily/daily.service.ts';
import type { ScripturePool } from '../modules/scripture/scripture-pool.ts';

const DAILY_SEED_ID = 'seed:daily-demo';
/** The first seeded text is this many days before the day of seeding. */
export const DAILY_SEED_DAYS_BEFORE = 3;
const SEED_FILE = new URL('../../seed-data/demo-daily.json', import.meta.url);

const demoDailySchema = z.array(z.strictObject({ reference: z.string().min(1), comment: z.string().min(1) }));

/** The demo texts dated from `today` (a day number) less DAILY_SEED_DAYS_BEFORE, one a day. */
export function demoDailyFrom(today: number): DailyTextFields[] {
  const texts = demoDailySchema.parse(JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')));
  return texts.map((text, i) => ({ ...text, date: isoFromDay(today - DAILY_SEED_DAYS_BEFORE + i) }));
}

export async function seedDemoDaily(connection: mongoose.Connection, scripture: ScripturePool, now = new Date()) {
  const marks = connection.collection<{ _id: string; seededAt: Date }>('meta');
  if (await marks.findOne({ _id: DAILY_SEED_ID })) return { seeded: false };
  const daily = dailyService(connection, scripture);
  for (const fields of demoDailyFrom(localDay(now))) {
    try {
      await daily.save(fields);
    } catch (error) {
      // The date has a text of its own already: it stays.
      if (!(error instanceof HttpError && error.code === 'EDIT_CONFLICT')) throw error;
    }
  }
  try {
    await marks.insertOne({ _id: DAILY_SEED_ID, seededAt: new Date() });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return { seeded: true };
}
