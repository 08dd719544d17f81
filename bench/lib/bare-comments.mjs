// The floor under ten clients' comments (bench/scale.mjs writes): a bare Koa server (no router, no
// middleware, no checks) that makes each comment's inserts as the backend does and nothing else:
// its change number's claim with its rate-limit slot in one insert, then the comment, through the
// backend's own group commit (backend/src/db/batched-insert.ts), so inserts made at once are
// joined as they are there. Whatever rate it reaches is what any server making these inserts can
// reach on this database and machine. Run as its own process, with tsx:
//   MONGODB_URI=… node --import tsx bench/lib/bare-comments.mjs <port>
import Koa from 'koa';
import { MongoClient, ObjectId } from 'mongodb';
import { batchedInsert } from '../../backend/src/db/batched-insert.ts';

const port = Number(process.argv[2]);
const client = new MongoClient(process.env.MONGODB_URI, { retryWrites: false });
await client.connect();
const claims = client.db().collection('bench_bare_claims');
const comments = client.db().collection('bench_bare_comments');
// Both collections exist (with their `_id` lookup index) before anything is timed.
await Promise.all([claims.insertOne({ _id: 'first' }), comments.insertOne({ _id: new ObjectId() })]);
const windowStart = Date.now();
let next = 0;

async function bodyOf(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const app = new Koa();
app.use(async function comment(ctx) {
  const { article, name, content } = await bodyOf(ctx.req);
  const n = ++next;
  const at = new Date();
  await Promise.all([
    batchedInsert(claims, { _id: String(n), n, at, ref: `comment:${n}`, byThing: true }),
    batchedInsert(claims, { _id: `comment-ip:${ctx.ip}:${windowStart}#${n}`, expiresAt: new Date(windowStart + 3_600_000) }),
  ]);
  const doc = { _id: new ObjectId(), article, name, content, isApproved: false, seq: n, createdAt: at, updatedAt: at, __v: 0 };
  await batchedInsert(comments, doc);
  ctx.status = 201;
  ctx.body = { success: true, message: 'Comment received.', comment: doc };
});
app.listen(port, '127.0.0.1');
