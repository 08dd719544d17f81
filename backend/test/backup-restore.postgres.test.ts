// Backups that restore, on FerretDB over PostgreSQL; in the backend suite's PostgreSQL
// run only (vitest.config.ts). The documented path, with the project's own scripts: `db:backup`
// (pg_dump) of the running site, more changes after it, `db:restore` into a fresh cluster, the
// product started on it. The data of the backup is whole; a device whose cursor came from after
// the backup is told to start over (reset) and gets the restored library; what waited in its outbox
// (a comment with its Idempotency-Key) is stored once when sent after the restore.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Article, ArticleFeed, CommentFeed } from '@fw/contracts';
import { freePort } from '../../scripts/lib/db.mjs';
import { ROOT } from '../../scripts/lib/proc.mjs';
import { startFerretOnPostgres, startPostgres } from '../../scripts/lib/postgres.mjs';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { NO_COMMENT_LIMIT, addComment, approveComment, createArticle, newKey } from './content-fixtures.ts';

const DATABASE = 'site';

/** Every page of a feed from `since`: what a device's sync reads. */
async function readFeed<T extends ArticleFeed | CommentFeed>(app: TestApp, feed: 'articles' | 'comments', since?: string) {
  const pages: T[] = [];
  let cursor = since;
  for (;;) {
    const res = await app.request<T>('GET', `/api/sync/${feed}${cursor === undefined ? '' : `?since=${cursor}`}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return { pages, cursor };
  }
}

function runScript(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['scripts/postgres-backup.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a backup of the running site, restored into a fresh cluster', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-backup-'));
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has the data whole, tells a device from before the restore to reset, and keeps its outbox', async () => {
    const jwtSecret = crypto.randomBytes(32).toString('hex');
    const site = await startFerretOnPostgres({ dataDir: path.join(dir, 'a') });
    stops.push(() => site.stop());
    let app = await startTestApp({ mongoUri: `${site.uri}${DATABASE}`, jwtSecret, ...NO_COMMENT_LIMIT });
    stops.push(() => app.close());
    const { token, user } = await createUser(app);
    const kept: Article[] = [];
    for (let i = 0; i < 3; i++) kept.push(await createArticle(app, token, { title: `Before the backup ${i}` }));
    const [first, second, third] = kept as [Article, Article, Article];
    const comment = await addComment(app, first._id, { content: 'Written before the backup.' });
    await approveComment(app, token, comment._id);

    const backupFile = path.join(dir, 'site.dump');
    const backup = runScript(['backup', backupFile], { POSTGRES_URL: site.postgres!.url });
    expect(backup, backup.output).toMatchObject({ code: 0 });
    // It holds every account's password hash: its owner's alone.
    expect((fs.statSync(backupFile).mode & 0o777).toString(8)).toBe('600');

    // After the backup: a change the restored copy will not have, which a device syncs.
    const lost = await createArticle(app, token, { title: 'After the backup' });
    const device = await readFeed<ArticleFeed>(app, 'articles');
    expect(device.pages.flatMap((p) => p.articles).map((a) => a._id)).toContain(lost._id);
    const deviceComments = await readFeed<CommentFeed>(app, 'comments');
    // The device then goes offline with a comment in its outbox (its id and key made on the device).
    const outbox = { key: newKey(), body: { _id: crypto.randomBytes(12).toString('hex'), article: second._id, name: 'Offline', content: 'Written offline.' } };
    // The site's cluster is lost; the only copy is the backup.
    await app.close();
    stops.pop();
    await site.stop();

    const fresh = await startPostgres({ dataDir: path.join(dir, 'b'), port: await freePort() });
    stops.push(() => fresh.stop());
    const restore = runScript(['restore', backupFile], { POSTGRES_URL: fresh.url });
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toContain(`Database "${DATABASE}": new epoch`);
    // The planner has statistics of every restored table (lookups by `_id` use the indexes at once).
    const unanalyzed = fresh.psql("SELECT count(*) FROM pg_stat_user_tables WHERE last_analyze IS NULL AND last_autoanalyze IS NULL", 'ferretdb');
    expect(Number(unanalyzed.trim())).toBe(0);
    // Restoring twice into the same database is refused, and changes nothing.
    const again = runScript(['restore', backupFile], { POSTGRES_URL: fresh.url });
    expect(again.code).not.toBe(0);
    expect(again.output).toContain('already holds tables');

    const ferret = await startFerretOnPostgres({ dataDir: path.join(dir, 'c'), postgresUrl: fresh.url });
    stops.push(() => ferret.stop());
    app = await startTestApp({ mongoUri: `${ferret.uri}${DATABASE}`, jwtSecret, ...NO_COMMENT_LIMIT });
    stops.push(() => app.close());

    // The data of the backup is whole: the articles with their text, the comment, the account.
    const listed = await app.request<{ articles: { _id: string; title: string }[] }>('GET', '/api/articles/all');
    expect(listed.body.articles.map((a) => a.title).sort()).toEqual(kept.map((a) => a.title).sort());
    const one = await app.request<{ article: { content: string } }>('GET', `/api/articles/${third._id}`);
    expect(one.body.article.content).toBe(third.content);
    const login = await app.request('POST', '/api/admin/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);

    // The device's cursors came from the lost cluster: both feeds say reset and start over.
    const resumed = await readFeed<ArticleFeed>(app, 'articles', device.cursor);
    expect(resumed.pages[0]?.reset).toBe(true);
    expect(resumed.pages.flatMap((p) => p.articles).map((a) => a._id).sort()).toEqual(kept.map((a) => a._id).sort());
    const resumedComments = await readFeed<CommentFeed>(app, 'comments', deviceComments.cursor);
    expect(resumedComments.pages[0]?.reset).toBe(true);
    expect(resumedComments.pages.flatMap((p) => p.comments).map((c) => c._id)).toEqual([comment._id]);

    // The outbox is sent now, and once more as a retry after a lost answer: stored once.
    const sent = await app.request('POST', '/api/articles/add-comment', { body: outbox.body, headers: { 'idempotency-key': outbox.key } });
    expect(sent.status).toBe(201);
    const retried = await app.request('POST', '/api/articles/add-comment', { body: outbox.body, headers: { 'idempotency-key': outbox.key } });
    expect(retried.status).toBe(201);
    const stored = await app.connection.collection('comments').countDocuments({ content: 'Written offline.' });
    expect(stored).toBe(1);
  }, 240_000);
});
