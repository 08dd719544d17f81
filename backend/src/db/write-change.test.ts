// The one way through a server write (write-change.ts): the claims in their order, what a lost
// race or a failed write leaves behind, when a numbered change counts as written, and how many
// round trips each kind of request makes (so a write that grows back fails here).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandStartedEvent } from 'mongodb';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';
import { NO_COMMENT_LIMIT, createArticle, newKey } from '../../test/content-fixtures.ts';
import { keyRecordsOn, type WriteScope, sequenceOn, versionClaims } from './claims/index.ts';
import { writeChange } from './write-change.ts';
import { runInWriteScope } from './write-scope.ts';
import { API_PATHS } from '@fw/contracts/paths';

describe('writeChange', () => {
  let app: TestApp;
  const claimCount = () => app.connection.collection('seq_claims').countDocuments({});
  const ref = () => `article:${crypto.randomBytes(12).toString('hex')}`;
  const openScope = async (): Promise<WriteScope> => {
    const opened = await keyRecordsOn(app.connection).open(`test ${newKey()}`, 'fingerprint');
    if (opened.kind !== 'claimed') throw new Error(`a fresh key was ${opened.kind}`);
    return opened.scope;
  };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('writes a change once per version: the loser of the version is told so and claims no number', async () => {
    const versions = versionClaims(app.connection, 'versions_under_test');
    const id = crypto.randomBytes(12).toString('hex');
    const step = { claims: versions, id, version: 2, stored: async () => 1 };
    const applied: number[] = [];
    const first = await writeChange(app.connection, {
      version: step,
      ref: ref(),
      apply: async (seq) => applied.push(seq),
    });
    expect(first.written).toBe(true);
    const claimsBefore = await claimCount();
    const second = await writeChange(app.connection, {
      version: step,
      ref: ref(),
      apply: async (seq) => applied.push(seq),
    });
    expect(second).toEqual({ written: false });
    expect(applied).toHaveLength(1);
    expect(await claimCount()).toBe(claimsBefore);
  });

  it('gives the version back and lets readers past the number when the write fails', async () => {
    const sequence = sequenceOn(app.connection);
    const versions = versionClaims(app.connection, 'versions_under_test');
    const id = crypto.randomBytes(12).toString('hex');
    const step = { claims: versions, id, version: 2, stored: async () => 1 };
    let failedSeq = 0;
    await expect(
      writeChange(app.connection, {
        version: step,
        ref: ref(),
        apply: async (seq) => {
          failedSeq = seq;
          throw new Error('the database fell over');
        },
      }),
    ).rejects.toThrow('the database fell over');
    expect((await sequence.horizon()).committed).toBeGreaterThanOrEqual(failedSeq);
    // The retry of the same change takes the same version.
    const retry = await writeChange(app.connection, { version: step, ref: ref(), apply: async (seq) => seq });
    expect(retry).toEqual({ written: true, value: failedSeq + 1 });
    expect((await sequence.horizon()).committed).toBe(failedSeq + 1);
  });

  it('writes nothing when the write beside the number fails: the version comes back, the number is passed', async () => {
    const sequence = sequenceOn(app.connection);
    const versions = versionClaims(app.connection, 'versions_under_test');
    const id = crypto.randomBytes(12).toString('hex');
    const step = { claims: versions, id, version: 2, stored: async () => 1 };
    const applied: number[] = [];
    const claimsBefore = await claimCount();
    await expect(
      writeChange(app.connection, {
        version: step,
        ref: ref(),
        beside: async () => {
          throw new Error('the revision could not be kept');
        },
        apply: async (seq) => applied.push(seq),
      }),
    ).rejects.toThrow('the revision could not be kept');
    expect(applied).toEqual([]);
    // Its number was claimed beside it, and readers pass it as a change that did not happen.
    expect(await claimCount()).toBe(claimsBefore + 1);
    const skipped = (await sequence.horizon()).committed;
    const besides: string[] = [];
    const retry = await writeChange(app.connection, {
      version: step,
      ref: ref(),
      beside: async () => {
        besides.push('kept');
      },
      apply: async (seq) => seq,
    });
    expect(besides).toEqual(['kept']);
    expect(retry).toEqual({ written: true, value: skipped + 1 });
  });

  it('settles a change made under a key record when the record is finished, not before', async () => {
    const sequence = sequenceOn(app.connection);
    const start = (await sequence.horizon()).committed;
    const scope = await openScope();
    const { value: seq } = await runInWriteScope(scope, () => writeChange(app.connection, { ref: ref(), apply: async (n) => n }));
    expect(seq).toBe(start + 1);
    // The request is still running (its answer not stored): readers stay below its change.
    expect((await sequence.horizon()).committed).toBe(start);
    await scope.finish({ status: 200, body: '{"success":true}' });
    expect((await sequence.horizon()).committed).toBe(seq);
  });

  it('settles a change at once when asked to, key record or not', async () => {
    const sequence = sequenceOn(app.connection);
    const scope = await openScope();
    const { value: seq } = await runInWriteScope(scope, () =>
      writeChange(app.connection, { ref: ref(), settleNow: true, apply: async (n) => n }),
    );
    expect((await sequence.horizon()).committed).toBe(seq);
    await scope.finish(null);
  });

  it('settles the changes of a request that failed once its key is given back', async () => {
    const sequence = sequenceOn(app.connection);
    const scope = await openScope();
    let seq = 0;
    await expect(
      runInWriteScope(scope, () =>
        writeChange(app.connection, {
          ref: ref(),
          apply: async (n) => {
            seq = n;
            throw new Error('refused half-way');
          },
        }),
      ),
    ).rejects.toThrow('refused half-way');
    expect((await sequence.horizon()).committed).toBe(seq - 1);
    await scope.finish(null);
    expect((await sequence.horizon()).committed).toBe(seq);
  });
});

/**
 * The round trips of each write the PWA sends (every one with an Idempotency-Key), counted with
 * the driver's command monitoring: the fewest seen over a few requests of the kind, so periodic
 * housekeeping (sweeps, hint writes, the read model's refresh) does not count. Commands sent while
 * another of the request is on its way share its round trip ('a + b'). What each is for is in
 * write-change.ts and middleware/idempotency.ts.
 */
describe('round trips per write', () => {
  let app: TestApp;
  let admin: string;
  let seen: string[] | null = null;
  const REPEATS = 5;

  beforeAll(async () => {
    app = await startTestApp(NO_COMMENT_LIMIT, { monitorCommands: true });
    ({ token: admin } = await createUser(app));
    const database = app.connection.name;
    const client = app.connection.getClient();
    /** This request's commands on their way: one started meanwhile joins the same round trip. */
    const inFlight = new Set<number>();
    client.on('commandStarted', (event: CommandStartedEvent) => {
      if (!seen || event.databaseName !== database) return;
      const documents = (event.command.documents as unknown[] | undefined)?.length ?? 1;
      const command = `${event.commandName} ${String(event.command[event.commandName])}${documents > 1 ? ` (${documents} documents)` : ''}`;
      if (inFlight.size && seen.length) seen.push([seen.pop()!, command].sort().join(' + '));
      else seen.push(command);
      inFlight.add(event.requestId);
    });
    const answered = (event: { requestId: number }) => inFlight.delete(event.requestId);
    client.on('commandSucceeded', answered);
    client.on('commandFailed', answered);
  });
  afterAll(() => app.close());

  const commandCount = (rounds: string[]) => rounds.join(' + ').split(' + ').length;

  /** The round trips of the request with the fewest commands, over REPEATS requests made by `send(i)`. */
  async function fewest(send: (i: number) => Promise<{ status: number }>): Promise<string[]> {
    let least: string[] | null = null;
    for (let i = 0; i < REPEATS; i++) {
      seen = [];
      const res = await send(i);
      const commands = seen;
      seen = null;
      expect(res.status).toBeLessThan(300);
      if (!least || commandCount(commands) < commandCount(least)) least = commands;
    }
    return least!;
  }

  it('a comment: 2 round trips; an approval: 4 (5 commands); an edit: 6 (8)', async () => {
    const article = await createArticle(app, admin);
    // A reader opened it: the read model holds it as published, and a comment needs no read.
    expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(200);
    // Sweeps and first reads happen on a process's first write of each kind; they are not counted.
    const comment = (i: number) =>
      app.request<{ comment: { _id: string } }>('POST', '/api/articles/add-comment', {
        headers: { 'Idempotency-Key': newKey() },
        body: { article: article._id, name: 'Ann', content: `Thank you, ${i}` },
      });
    const warm = await comment(-1);
    const ids: string[] = [warm.body.comment._id];
    expect(
      await fewest(async (i) => {
        const res = await comment(i);
        ids.push(res.body.comment._id);
        return res;
      }),
    ).toEqual([
      // (no key record: the comment's id comes from the key, middleware/idempotency.ts keyDerivedWrite)
      // (the article is published: the read model says so, comments.service.ts requirePublished)
      // the change number, for the admin views (the public feed skips it), and in the same insert
      // the visitor's rate-limit slot (middleware/rate-limit.ts commentRateLimit)
      'insert seq_claims (2 documents)',
      'insert comments', // the comment, which carries its number and so settles it (its own insert is the check for a repeat)
    ]);

    const approve = (i: number) =>
      app.request('PUT', '/api/admin/comments/approve', {
        token: admin,
        headers: { 'Idempotency-Key': newKey() },
        body: { id: ids[i]! },
      });
    expect(await fewest(approve)).toEqual([
      'find users + insert idempotency_keys', // the key, claimed beside the check that the administrator still exists and is one
      'insert seq_claims', // the change number (and all of it: a writer inserts no fate, db/claims/sequence-fates.ts)
      'update comments', // the approval (and the check that the comment exists)
      'insert idempotency_keys', // the answer, which also settles the change number
    ]);

    let current = article;
    const edit = async (i: number) => {
      const { _id, title, subtitle, content, category, isPublished, version } = current;
      const res = await app.request<{ article: typeof current }>('POST', '/api/articles/add', {
        token: admin,
        headers: { 'Idempotency-Key': newKey() },
        body: { article: JSON.stringify({ _id, title: `${title} ${i}`, subtitle, content, category, isPublished, version }) },
      });
      current = res.body.article;
      return res;
    };
    expect(await fewest(edit)).toEqual([
      'find users + insert idempotency_keys',
      'find articles', // the stored copy: same fields, or a stale version
      'insert article_versions', // the version claim
      // the replaced version kept (articles/article-revisions.ts), beside the change number's claim
      'insert article_revisions + insert seq_claims',
      'findAndModify articles', // the edit, answering with the article
      'insert idempotency_keys',
    ]);
  });

  it("reads back none of the comments this process wrote, nor their claims, when a reader next asks", async () => {
    const article = await createArticle(app, admin);
    expect((await app.request('GET', `/api/articles/${article._id}`)).status).toBe(200);
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.request<{ comment: { _id: string } }>('POST', '/api/articles/add-comment', {
          headers: { 'Idempotency-Key': newKey() },
          body: { article: article._id, name: 'Ann', content: `Sent at once, ${i}` },
        }),
      ),
    );
    seen = [];
    const page = await app.request<{ items: { _id: string }[] }>('GET', `${API_PATHS.commentPage}?limit=100`, { token: admin });
    const commands = seen.join(' + ').split(' + ');
    seen = null;
    // The admin view holds them: the model came to their changes.
    const listed = new Set(page.body.items.map((item) => item._id));
    for (const res of sent) expect(listed.has(res.body.comment._id)).toBe(true);
    expect(commands.filter((command) => command === 'find comments')).toEqual([]);
    // At most the probe above the newest claim, for claims another instance made.
    expect(commands.filter((command) => command === 'find seq_claims').length).toBeLessThanOrEqual(1);
  });
});
