// The same product on each database backend, in one run: FerretDB on SQLite (the
// default; SQLite is the baseline of the ratios) and FerretDB on PostgreSQL, each with 10,000
// articles and 50,000 approved comments (5 per article, copies written in bulk: bench/lib/
// bulk-library.mjs). One client, one request after another, the two backends taking turns: login (a lookup by email), the admin
// comment list (every comment, as the product's call answers), the dashboard, a comment write and an article
// edit. What each of them reads on each backend is in docs/architecture.md ("What each request costs").
import crypto from 'node:crypto';
import { log } from '../scripts/lib/proc.mjs';
import { api, createArticles, startBackend, startDatabaseOn } from './lib/server.mjs';
import { growLibrary, readTemplate } from './lib/bulk-library.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { percentile, round } from './lib/stats.mjs';

export const BACKEND_ARTICLES = Number(process.env.BENCH_BACKEND_ARTICLES ?? 10_000);
const COMMENTS_EACH = 5;
const SERVER_ENV = { RATE_LIMIT_COMMENT: '1000000', RATE_LIMIT_ANON_KEYS: '1000000', RATE_LIMIT_LOGIN: '1000000' };
/** Calls of each kind, one after another (the comment list answers with all 50,000 comments). */
const COUNTS = { login: 20, adminComments: 5, dashboard: 5, comment: 50, edit: 30 };

const key = () => crypto.randomUUID();

/**
 * `count` calls of each backend's `run`, taking turns (SQLite, PostgreSQL, SQLite, …) so that a
 * busy machine slows both alike; one warm-up call each first (connections, caches).
 */
async function alternating(count, runs) {
  const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  const refused = Object.fromEntries(Object.keys(runs).map((k) => [k, {}]));
  const call = async (backend, i) => {
    const started = performance.now();
    try {
      await runs[backend](i);
    } catch (error) {
      // An answer past the server's time limit (503) is a figure too: counted, and its time kept.
      if (!error.status) throw error;
      refused[backend][error.status] = (refused[backend][error.status] ?? 0) + 1;
    }
    return performance.now() - started;
  };
  for (const backend of Object.keys(runs)) await call(backend, -1);
  for (const backend of Object.keys(runs)) refused[backend] = {};
  for (let i = 0; i < count; i++) {
    for (const backend of Object.keys(runs)) times[backend].push(await call(backend, i));
  }
  return Object.fromEntries(
    Object.entries(times).map(([k, t]) => [
      k,
      { p50Ms: round(percentile(t, 50), 1), p95Ms: round(percentile(t, 95), 1), count, refused: refused[k] },
    ]),
  );
}

/** A backend with the bench library in it and a fresh instance serving it. */
async function prepare(backend) {
  const database = await startDatabaseOn(backend);
  const env = { ...SERVER_ENV, JWT_SECRET: crypto.randomBytes(32).toString('hex') };
  try {
    const first = await startBackend(database, { name: `bench_${backend}`, seed: false, env });
    const password = crypto.randomBytes(12).toString('hex');
    let token;
    let article;
    try {
      // The first registration is the administrator; its password is known here for the logins.
      ({ token } = await api(first.url, 'POST', '/api/admin/register', {
        body: { name: 'Bench Admin', email: 'bench-admin@example.org', password },
      }));
      [article] = await createArticles(first.url, token, 0, 1, () => articleInput(0));
      for (let i = 0; i < COMMENTS_EACH; i++) {
        const { comment } = await api(first.url, 'POST', '/api/articles/add-comment', {
          headers: { 'idempotency-key': key() },
          body: { article: article._id, name: `Reader ${i}`, content: `Thank you, number ${i}.` },
        });
        await api(first.url, 'PUT', '/api/admin/comments/approve', { token, body: { id: comment._id } });
      }
    } finally {
      await first.stop();
    }
    const { template, comments } = await readTemplate(first.mongoUri, article._id);
    log(`backends: ${backend}: writing ${BACKEND_ARTICLES} articles and ${BACKEND_ARTICLES * COMMENTS_EACH} comments in bulk`);
    await growLibrary(first.mongoUri, { from: 1, target: BACKEND_ARTICLES, commentsEach: COMMENTS_EACH, template, comments });
    database.analyze();
    const server = await startBackend(database, { name: `bench_${backend}`, seed: false, env, mongoUri: first.mongoUri });
    const url = server.url;
    let current = (await api(url, 'GET', `/api/articles/${article._id}`)).article;
    return {
      async stop() {
        await server.stop();
        await database.stop();
      },
      login: () => api(url, 'POST', '/api/admin/login', { body: { email: 'bench-admin@example.org', password } }),
      adminComments: () => api(url, 'GET', '/api/admin/comments', { token }),
      dashboard: () => api(url, 'GET', '/api/admin/dashboard', { token }),
      comment: (i) =>
        api(url, 'POST', '/api/articles/add-comment', {
          headers: { 'idempotency-key': key() },
          body: { article: article._id, name: 'Bench', content: `A comment, number ${i}.` },
        }),
      async edit(i) {
        const { _id, subtitle, content, category, isPublished, version } = current;
        const body = { article: JSON.stringify({ _id, title: `Edited ${i}`, subtitle, content, category, isPublished, version }) };
        current = (await api(url, 'POST', '/api/articles/add', { token, body, headers: { 'idempotency-key': key() } })).article;
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/** Both backends side by side; each row's ratio is PostgreSQL's p50 / SQLite's (the baseline). */
export async function benchBackends() {
  const sqlite = await prepare('sqlite');
  let postgres;
  try {
    postgres = await prepare('postgres');
    const figures = { sqlite: {}, postgres: {} };
    for (const [kind, count] of Object.entries(COUNTS)) {
      const both = await alternating(count, { sqlite: sqlite[kind], postgres: postgres[kind] });
      figures.sqlite[kind] = both.sqlite;
      figures.postgres[kind] = both.postgres;
      log(`backends: ${kind}: ${JSON.stringify(both)}`);
    }
    return { articles: BACKEND_ARTICLES, comments: BACKEND_ARTICLES * COMMENTS_EACH, counts: COUNTS, ...figures };
  } finally {
    await postgres?.stop();
    await sqlite.stop();
  }
}
