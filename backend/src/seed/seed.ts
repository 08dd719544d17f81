// Demo content for a development install: the seed articles and comments, and the demo admin
// (data files under backend/seed-data, read by seed-data.ts).
// It runs once per database (a `meta` document `{ _id: 'seed' }` records that), so what an admin
// deletes or edits afterwards stays that way across restarts. Every insert is keyed by a fixed id
// and skipped if present, so a seed interrupted half-way completes on the next start.
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { inserted, sequenceOn } from '../db/claims/index.ts';
import { articleModel } from '../modules/articles/article.model.ts';
import { sanitizeArticleHtml } from '../modules/articles/sanitize.ts';
import { commentModel } from '../modules/comments/comment.model.ts';
import { changeRef, tombstoneId, tombstoneModel } from '../modules/sync/tombstone.model.ts';
import { userModel } from '../modules/users/user.model.ts';
import { BCRYPT_COST } from '../modules/users/users.service.ts';
import { loadSeedContent } from './seed-data.ts';

/** Raise when the seed changes in a way an existing development database should not get. */
const SEED_VERSION = 1;
const SEED_META_ID = 'seed';

interface SeedMetaDoc {
  _id: string;
  version: number;
  seededAt: Date;
}

/** Inserts unless the id is taken: another instance seeding at the same time did it already. */
async function insertOnce(insert: () => Promise<unknown>): Promise<void> {
  await inserted(insert);
}

export async function seedDemo(connection: mongoose.Connection): Promise<{ seeded: boolean }> {
  const meta = connection.collection<SeedMetaDoc>('meta');
  if (await meta.findOne({ _id: SEED_META_ID })) return { seeded: false };
  // Read from backend/seed-data only when there is something to seed.
  const content = loadSeedContent();

  const Articles = articleModel(connection);
  const Comments = commentModel(connection);
  const Tombstones = tombstoneModel(connection);
  const Users = userModel(connection);
  const sequence = sequenceOn(connection);
  // A seeded thing an admin deleted stays deleted, even if this seed is being completed.
  const wasDeleted = async (kind: 'article' | 'comment', id: string) =>
    (await Tombstones.exists({ _id: tombstoneId(kind, id) })) !== null;

  for (const article of content.articles) {
    if ((await Articles.exists({ _id: article._id })) || (await wasDeleted('article', article._id)))
      continue;
    const at = new Date(article.createdAt);
    const doc = {
      ...article,
      content: sanitizeArticleHtml(article.content),
      wasPublished: article.isPublished,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    // Seeded dates are the content's own, so mongoose must not stamp "now" over them.
    await sequence.next(
      (seq) => insertOnce(() => Articles.create([{ ...doc, seq }], { timestamps: false })),
      changeRef('article', article._id),
    );
  }

  for (const comment of content.comments) {
    if ((await Comments.exists({ _id: comment._id })) || (await wasDeleted('comment', comment._id)))
      continue;
    const at = new Date(comment.createdAt);
    const doc = { ...comment, createdAt: at, updatedAt: at };
    const insert = (seq: number) =>
      insertOnce(() => Comments.create([{ ...doc, seq }], { timestamps: false }));
    // Waiting comments take one too, for the admin views; the comment feed skips them.
    await sequence.next(insert, changeRef('comment', comment._id));
  }

  await Users.init();
  if (!(await Users.exists({ email: content.admin.email }))) {
    const passwordHash = await bcrypt.hash(content.admin.password, BCRYPT_COST);
    const id = new mongoose.Types.ObjectId().toHexString();
    await sequence.next(
      (seq) =>
        insertOnce(() =>
          Users.create({
            _id: id,
            name: content.admin.name,
            email: content.admin.email,
            passwordHash,
            role: 'admin',
            isApproved: true,
            seq,
          }),
        ),
      changeRef('user', id),
    );
  }

  await insertOnce(() =>
    meta.insertOne({ _id: SEED_META_ID, version: SEED_VERSION, seededAt: new Date() }),
  );
  return { seeded: true };
}
