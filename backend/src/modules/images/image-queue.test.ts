// Picture work waits its turn (one save's pictures at a time), so libuv's threads stay free for
// readers; a save past the queue is refused at once with 503 BUSY and Retry-After, storing
// nothing. The reader test counts what sharp has running, not how long things took: a busy
// machine makes timings say anything, so its one timing bound is generous.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { newObjectId } from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { saveArticle } from '../../../test/content-fixtures.ts';
import { dataUrl, plainPng } from '../../../test/image-fixtures.ts';
import { IMAGE_BUSY_MESSAGE, IMAGE_BUSY_RETRY_AFTER_S, imageQueue } from './image-queue.ts';

const png = (bytes: Buffer) => `<p><img src="${dataUrl(bytes, 'image/png')}"></p>`;
/** Distinct pictures (each is its own hash) that take libvips a while: 12 megapixels of RGB. */
const slowPictures = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => plainPng(4000 + i, 3000)));

describe('imageQueue', () => {
  it('runs one job at a time, lets queueMax wait, and refuses the next with BUSY and Retry-After', async () => {
    const queue = imageQueue({ queueMax: 1 });
    let release!: () => void;
    const order: string[] = [];
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)).then(() => order.push('first')));
    const second = queue.run(async () => order.push(`second, ${queue.running} running`));
    const third = queue.run(async () => order.push('third'));
    await expect(third).rejects.toMatchObject({
      status: 503,
      code: 'BUSY',
      message: IMAGE_BUSY_MESSAGE,
      headers: { 'Retry-After': String(IMAGE_BUSY_RETRY_AFTER_S) },
    });
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 1 });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second, 1 running']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up a job past timeMaxMs (waiting, between steps, or done late) with BUSY, and hands the turn on after a failure', async () => {
    const queue = imageQueue({ queueMax: 2, timeMaxMs: 40 });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let steps = 0;
    // Out of time between its steps: the second step never runs.
    const slow = queue.run(async (inTime) => {
      await pause(80);
      inTime();
      steps += 1;
    });
    let ran = false;
    const waited = queue.run(async () => (ran = true));
    await expect(slow).rejects.toMatchObject({ code: 'BUSY', message: IMAGE_BUSY_MESSAGE });
    await expect(waited).rejects.toMatchObject({ code: 'BUSY' });
    expect({ steps, ran }).toEqual({ steps: 0, ran: false });
    // Done, but late: what it made is not handed back to be stored.
    await expect(queue.run(() => pause(80).then(() => 'made'))).rejects.toBeInstanceOf(HttpError);
    await expect(queue.run(() => Promise.reject(new Error('broken picture')))).rejects.toThrow('broken picture');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.running).toBe(0);
  });
});

describe('a full picture queue', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    // One save encodes, none may wait: saves sent together overflow it.
    app = await startTestApp({ images: { queueMax: 0 } });
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('refuses the saves past it with 503 BUSY and Retry-After, storing nothing of them, and stores the others', async () => {
    const pictures = await slowPictures(3);
    const ids = pictures.map(() => newObjectId());
    const answers = await Promise.all(pictures.map((picture, i) => saveArticle(app, admin, { _id: ids[i], content: png(picture) })));
    const refused = answers.flatMap((res, i) => (res.status === 503 ? [i] : []));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(3);
    for (const i of refused) {
      expect(answers[i]!.body).toEqual({ success: false, message: IMAGE_BUSY_MESSAGE, code: 'BUSY' });
      expect(answers[i]!.headers.get('retry-after')).toBe(String(IMAGE_BUSY_RETRY_AFTER_S));
      expect(await app.connection.collection('articles').findOne({ _id: new mongoose.Types.ObjectId(ids[i]) })).toBeNull();
    }
    for (const res of answers.filter((r) => r.status !== 503)) expect(res.status).toBe(201);
    expect(await app.connection.collection('images').countDocuments({})).toBe(3 - refused.length);
  });
});

describe('readers while admins save large pictures', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-images-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc.js'), 'export const a = 1;\n'.repeat(2000));
    // Every save may wait its turn here, however long: this test is about who holds the threads
    // meanwhile. On a loaded machine the fourth save waited past the app's 20 s answer deadline
    // (app.ts REQUEST_TIMEOUT_MS) and got its 503, which says nothing about the threads.
    app = await startTestApp({ staticDir, requestDeadlineMs: 120_000, images: { queueMax: 16, timeMaxMs: 120_000 } });
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('keeps sharp to one of libuv\'s threads while four saves run, and answers static files and /api/health meanwhile', async () => {
    const SAVES = 4;
    const pictures = await slowPictures(SAVES * 2);
    let over = false;
    // How many sharp tasks hold one of libuv's threads, sampled while the saves run.
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(sharp.counters().process), 2);
    const saves = Promise.all(
      Array.from({ length: SAVES }, (_, i) => saveArticle(app, admin, { content: png(pictures[2 * i]!) + png(pictures[2 * i + 1]!) })),
    ).finally(() => {
      over = true;
      clearInterval(sampler);
    });
    const reads: { status: number; ms: number }[] = [];
    while (!over) {
      for (const address of ['/assets/app-abc.js', '/api/health']) {
        const started = performance.now();
        const res = await fetch(app.url + address);
        await res.arrayBuffer();
        reads.push({ status: res.status, ms: performance.now() - started });
      }
    }
    expect((await saves).map((res) => res.status)).toEqual(Array(SAVES).fill(201));
    expect(reads.every((read) => read.status === 200)).toBe(true);
    // Headers are read outside the queue (a moment each): a sample may catch one beside an encode.
    const crowded = samples.filter((running) => running > 1).length;
    expect(samples.length).toBeGreaterThan(20);
    expect(crowded / samples.length).toBeLessThan(0.05);
    // With every thread held by sharp, the median read waited for a whole decode (seconds).
    const median = reads.map((read) => read.ms).sort((a, b) => a - b)[Math.floor(reads.length / 2)]!;
    expect(median).toBeLessThan(500);
  }, 150_000);
});
