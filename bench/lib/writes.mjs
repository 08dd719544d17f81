// Single writes as the benches time them (bench/server.mjs, bench/scale.mjs): a visitor's comment
// and an approval through the API, each with an Idempotency-Key as the PWA sends them; calls one
// after another or from several clients at once; and the floors under them: a bare insert, and a
// bare server making only a comment's inserts.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { freePort, waitForPort } from '../../scripts/lib/db.mjs';
import { api } from './server.mjs';
import { percentile, round } from './stats.mjs';

export const key = () => crypto.randomUUID();

export async function postComment(url, articleId, n) {
  const { comment } = await api(url, 'POST', '/api/articles/add-comment', {
    headers: { 'idempotency-key': key() },
    body: {
      article: articleId,
      name: `Reader ${n}`,
      content: `Thank you for article thought number ${n}.`,
    },
  });
  return comment;
}

export async function approve(url, token, id) {
  await api(url, 'PUT', '/api/admin/comments/approve', {
    token,
    body: { id },
    headers: { 'idempotency-key': key() },
  });
}

const summary = (times, totalMs) => ({
  p50Ms: round(percentile(times, 50), 2),
  p99Ms: round(percentile(times, 99), 1),
  count: times.length,
  perSecond: Math.round(times.length / (totalMs / 1000)),
});

/** `count` calls of `run`, one after another. */
export async function timed(count, run) {
  const times = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const callStarted = performance.now();
    await run(i);
    times.push(performance.now() - callStarted);
  }
  return summary(times, performance.now() - started);
}

/** `clients` callers at once, each making `each` calls of `run` one after another. */
export async function atOnce(clients, each, run) {
  const times = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < each; i++) {
        const callStarted = performance.now();
        await run(c * each + i);
        times.push(performance.now() - callStarted);
      }
    }),
  );
  return { ...summary(times, performance.now() - started), clients };
}

/**
 * The floor under every write: one `insertOne` of a comment-sized document, through the driver
 * the backend uses (`mongodb`), into a scratch collection of the same database. No HTTP, no
 * checks, no guarantees; `count` one after another, then `clients` at once making `each`.
 */
export async function bareInserts(uri, { count, clients, each }) {
  const client = new MongoClient(uri, { retryWrites: false });
  await client.connect();
  try {
    const scratch = client.db().collection('bench_bare_inserts');
    const doc = (n) => ({
      _id: new ObjectId(),
      article: new ObjectId(),
      name: `Reader ${n}`,
      content: `Thank you for article thought number ${n}.`,
      isApproved: false,
      seq: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
      __v: 0,
    });
    // The collection exists (and has its `_id` lookup index) before anything is timed.
    await scratch.insertOne(doc(-1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await timed(10, (i) => scratch.insertOne(doc(i)));
    const oneByOne = await timed(count, (i) => scratch.insertOne(doc(i)));
    const tenAtOnce = await atOnce(clients, each, (i) => scratch.insertOne(doc(i)));
    await scratch.drop();
    return { oneByOne, tenAtOnce };
  } finally {
    await client.close();
  }
}

/**
 * The floor under ten clients' comments: `clients` at once making `each` comments against
 * bench/lib/bare-comments.mjs, a bare server making only a comment's inserts, on database `uri`.
 */
export async function bareComments(uri, { clients, each }) {
  const port = await freePort();
  const child = fork(new URL('./bare-comments.mjs', import.meta.url), [String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, MONGODB_URI: uri },
  });
  try {
    if (!(await waitForPort(port, 30_000, () => child.exitCode === null))) throw new Error('The bare comment server did not start.');
    const url = `http://127.0.0.1:${port}`;
    const send = (n) => api(url, 'POST', '/', { body: { article: new ObjectId().toHexString(), name: `Reader ${n}`, content: `Thank you for article thought number ${n}.` } });
    await atOnce(clients, 2, send);
    return await atOnce(clients, each, (i) => send(clients * 2 + i));
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The floor under an admin edit: its database commands alone, as the backend sends them
 * (backend/src/db/write-change.test.ts lists them), through the driver, with none of the HTTP,
 * checks or text work around them: the administrator's read beside the Idempotency-Key's claim,
 * the stored article, the version claim, the replaced version kept beside the change number's
 * claim, the update beside the drop of the revision that falls out, the key's answer. `count`
 * edits one after another, each of one of `articleIds` in turn, by the user `email`.
 */
export async function bareEditCommands(uri, { email, articleIds, count }) {
  const client = new MongoClient(uri, { retryWrites: false });
  await client.connect();
  try {
    const db = client.db();
    const [users, keys, articles, versions, revisions, claims] = [
      'users', 'idempotency_keys', 'articles', 'article_versions', 'article_revisions', 'seq_claims',
    ].map((name) => db.collection(name));
    const { _id: userId } = await users.findOne({ email });
    // Numbers and revisions of their own, far from any the backend hands out.
    let n = 1e12;
    const made = [];
    const edit = async (i) => {
      const articleId = articleIds[i % articleIds.length];
      const keyId = `u:${userId} POST /api/articles/add bench-${crypto.randomUUID()}`;
      await Promise.all([
        users.findOne({ _id: userId }),
        keys.insertOne({ _id: keyId, state: 'pending', fingerprint: 'bench', createdAt: new Date(), attempt: 0 }),
      ]);
      const stored = await articles.findOne({ _id: new ObjectId(articleId) });
      const version = stored.version + 1;
      const claim = `${articleId}:${version}:bench-${i}`;
      await versions.insertOne({ _id: claim, article: articleId, at: new Date() });
      const revision = `${articleId}:bench-${i}`;
      const { _id, ...kept } = stored;
      n += 1;
      await Promise.all([
        revisions.insertOne({ ...kept, _id: revision, article: articleId }),
        claims.insertOne({ _id: String(n), n, at: new Date(), ref: `article:${articleId}`, key: keyId, attempt: 0 }),
      ]);
      const [after] = await Promise.all([
        articles.findOneAndUpdate({ _id }, { $set: { title: stored.title, content: stored.content, version: stored.version, seq: stored.seq } }, { returnDocument: 'after' }),
        i > 0 ? revisions.deleteOne({ _id: `${articleId}:bench-${i - 1}` }) : null,
      ]);
      const answer = JSON.stringify({ success: true, message: 'Article updated.', article: after });
      await keys.insertOne({ _id: `${keyId}=0`, state: 'done', status: 200, body: answer, fingerprint: '', createdAt: new Date(), attempt: 0 });
      made.push(keyId, claim, String(n));
    };
    await timed(10, edit);
    const edits = await timed(count, (i) => edit(i + 10));
    // What the bench wrote goes: the articles are as they were (the update wrote their own fields back).
    await Promise.all([
      keys.deleteMany({ _id: { $in: made.flatMap((id) => [id, `${id}=0`]) } }),
      versions.deleteMany({ _id: { $in: made } }),
      revisions.deleteMany({ _id: { $regex: ':bench-' } }),
      claims.deleteMany({ _id: { $in: made } }),
    ]);
    return edits;
  } finally {
    await client.close();
  }
}
