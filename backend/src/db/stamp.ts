// A stamp in the `meta` collection, `{ _id: <name>, stamp }`: a new random value after every change
// of what it names, so a reader holding the old one reads again and one holding the new one answers
// from memory after a single `_id` read (the daily texts, the lessons).
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { isDuplicateKey } from './duplicate-key.ts';

interface StampDoc {
  _id: string;
  stamp: string;
}

export function stampOf(connection: mongoose.Connection, name: string) {
  const meta = connection.collection<StampDoc>('meta');
  return {
    /** '' before the first change. */
    async stamp(): Promise<string> {
      return (await meta.findOne({ _id: name }))?.stamp ?? '';
    },

    /** After every change. */
    async touch(): Promise<void> {
      const stamp = crypto.randomBytes(9).toString('base64url');
      try {
        await meta.updateOne({ _id: name }, { $set: { stamp } }, { upsert: true });
      } catch (error) {
        // Two first upserts at once: the other one's stamp is new too.
        if (!isDuplicateKey(error)) throw error;
      }
    },
  };
}
