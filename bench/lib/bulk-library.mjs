// Grows a bench library to a given size straight in the database, in bulk: each article and
// comment is a copy of one the API itself wrote (same fields, same shapes), with its own id, text
// and change number, so a 10,000-article library takes seconds instead of an hour of API calls.
// The server must not be running while this writes (a fresh instance reads it all at start).
import { MongoClient, ObjectId } from 'mongodb';
import { articleInput } from './text-gen.mjs';

const INSERT_BATCH = 250;

/**
 * Copies `template` (an article the API wrote, with `comments` it wrote and approved) until the
 * database holds `target` published articles with `commentsEach` approved comments each.
 */
export async function growLibrary(uri, { from, target, commentsEach, template, comments }) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const counters = db.collection('counters');
    const [newestClaim] = await db
      .collection('seq_claims')
      .find()
      .sort({ n: -1 })
      .limit(1)
      .toArray();
    let seq = Math.max((await counters.findOne({ _id: 'seq' }))?.value ?? 0, newestClaim?.n ?? 0);
    const articles = [];
    const versionClaims = [];
    const copies = [];
    const now = new Date();
    for (let n = from; n < target; n++) {
      const input = articleInput(n);
      const _id = new ObjectId();
      articles.push({
        ...template,
        _id,
        title: input.title,
        subtitle: input.subtitle,
        category: input.category,
        content: input.content,
        seq: ++seq,
        createdAt: now,
        updatedAt: now,
      });
      versionClaims.push({ _id: `${_id.toHexString()}:1`, article: _id.toHexString(), at: now });
      for (let i = 0; i < commentsEach; i++) {
        const model = comments[i % comments.length];
        copies.push({
          ...model,
          _id: new ObjectId(),
          article: _id,
          seq: ++seq,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    for (const [name, docs] of [
      ['articles', articles],
      ['article_versions', versionClaims],
      ['comments', copies],
    ]) {
      for (let i = 0; i < docs.length; i += INSERT_BATCH)
        await db.collection(name).insertMany(docs.slice(i, i + INSERT_BATCH), { ordered: false });
    }
    // The sequence continues after the copies' numbers, as if the API had claimed them: the newest
    // number (where writers start) and the settled horizon (where readers start; no server runs
    // while this writes, so every number up to here is written) both move past them
    // (backend/src/db/claims/sequence.ts).
    for (const _id of ['seq', 'seq-settled'])
      await counters.updateOne({ _id }, { $max: { value: seq } }, { upsert: true });
  } finally {
    await client.close();
  }
}

/** The raw documents of one article and its comments, as the API stored them. */
export async function readTemplate(uri, articleId) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const template = await db.collection('articles').findOne({ _id: new ObjectId(articleId) });
    const comments = await db
      .collection('comments')
      .find({ article: new ObjectId(articleId) })
      .toArray();
    if (!template || comments.length === 0) throw new Error('The template article was not stored.');
    delete template.appliedOps;
    return { template, comments: comments.filter((c) => c.isApproved) };
  } finally {
    await client.close();
  }
}
