// Compressed answers: JSON over the threshold in the encoding the client accepts (Vary set), small
// answers left alone, shared bodies compressed once per version and kept within their bound, and
// the built PWA's precompressed files served as they are.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';
import { createArticle } from '../../test/content-fixtures.ts';
import { rawGet } from '../../test/raw-http.ts';
import { compression } from './compress.ts';
import { COMPRESS_MIN_BYTES, SharedBodies, SharedBody, sharedBodyWork } from '../http/shared-body.ts';
import { staticPwa } from './static-pwa.ts';
import { seedSchedule2025 } from '../seed/lessons-seed.ts';

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};

describe('compressed API answers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    const { token } = await createUser(app);
    // The schedule lives in the database now: give it the 2025 lessons.
    await seedSchedule2025(app.connection, app.scripture);
    // Enough text that the list is well over the threshold.
    for (let i = 0; i < 3; i++) {
      await createArticle(app, token, { content: `<p>${'In the beginning was the Word. '.repeat(80)}</p>` });
    }
  });
  afterAll(() => app.close());

  // The article list is one gzip stream joined from pieces (modules/articles/article-list-body.ts):
  // a client taking brotli too gets it as gzip.
  for (const [path, brotli] of [
    ['/api/articles/all', 'gzip'],
    ['/api/schedule', 'br'],
    ['/api/sync/articles', 'br'],
  ] as const) {
    it(`${path}: ${brotli === 'br' ? 'brotli or gzip' : 'gzip'} as accepted, plain otherwise, always Vary: Accept-Encoding`, async () => {
      const plain = await rawGet(app.url + path, { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (const [accept, expected] of [
        ['gzip, deflate, br', brotli],
        ['gzip', 'gzip'],
        ['br;q=0.5, gzip;q=1', 'gzip'],
        ['br', brotli === 'br' ? 'br' : undefined],
      ] as const) {
        const res = await rawGet(app.url + path, { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], accept).toBe(expected);
        if (!expected) {
          expect(res.body.toString()).toBe(plain.body.toString());
          continue;
        }
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.body.length).toBeLessThan(plain.body.length / 2);
        expect(JSON.parse(decode(expected, res.body))).toEqual(JSON.parse(plain.body.toString()));
      }
    });
  }

  it('answers repeated plain requests for a list or feed page without decompressing each time', async () => {
    for (const path of ['/api/articles/all', '/api/sync/articles']) {
      // A browser first: the brotli form is made and the plain form let go (the list: gzip only).
      const first = await rawGet(app.url + path, { 'accept-encoding': 'gzip, br' });
      const encoding = first.headers['content-encoding'] as string;
      expect(encoding).toBe(path === '/api/articles/all' ? 'gzip' : 'br');
      const before = sharedBodyWork.plainRemade;
      for (let i = 0; i < 6; i++) {
        const plain = await rawGet(app.url + path, { 'accept-encoding': i % 2 ? 'identity' : '' });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.toString()).toBe(decode(encoding, first.body));
      }
      expect(sharedBodyWork.plainRemade - before, path).toBeLessThanOrEqual(1);
    }
  });

  it('answers HEAD with the headers GET sends (its encoding and length), without making the plain form', async () => {
    for (const path of ['/api/articles/all', '/api/sync/articles']) {
      const get = await rawGet(app.url + path, { 'accept-encoding': 'gzip, br' });
      const before = sharedBodyWork.plainRemade;
      const head = await new Promise<http.IncomingMessage & { bytes: number }>((resolve, reject) => {
        const req = http.request(app.url + path, { method: 'HEAD', headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve(Object.assign(res, { bytes })));
        });
        req.on('error', reject);
        req.end();
      });
      expect(head.statusCode, path).toBe(200);
      expect(head.bytes, path).toBe(0);
      expect(head.headers['content-encoding'], path).toBe(get.headers['content-encoding']);
      expect(Number(head.headers['content-length']), path).toBe(get.body.length);
      expect(sharedBodyWork.plainRemade - before, path).toBe(0);
    }
  });

  it('leaves answers under the threshold uncompressed', async () => {
    const res = await rawGet(`${app.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses answers made per request too (admin list) when over the threshold', async () => {
    const { token } = await createUser(app);
    const res = await fetch(`${app.url}/api/admin/articles`, {
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('SharedBodies', () => {
  it('renders and compresses a version once, however often it is asked for', async () => {
    const bodies = new SharedBodies();
    let renders = 0;
    const render = () => {
      renders += 1;
      return JSON.stringify({ text: 'word '.repeat(1000) });
    };
    const first = await bodies.get('v1', render);
    const again = await bodies.get('v1', render);
    expect(again).toBe(first);
    expect(renders).toBe(1);
    const [br1, br2] = await Promise.all([first.as('br'), again.as('br')]);
    expect(br2).toBe(br1);
    expect(await first.as('br')).toBe(br1);
    expect(zlib.brotliDecompressSync(br1).toString()).toBe(render());
    expect(zlib.gunzipSync(await first.as('gzip')).toString()).toBe(render());
  });

  it('stays within its byte bound, dropping the least recently used version first', async () => {
    const bound = 10_000;
    const bodies = new SharedBodies(bound);
    const text = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(3000) });
    for (let n = 0; n < 5; n++) {
      const body = await bodies.get(`v${n}`, () => text(n));
      await body.as('gzip');
      expect(bodies.size).toBeLessThanOrEqual(bound);
    }
    let rendered = false;
    await bodies.get('v4', () => {
      rendered = true;
      return text(4);
    });
    expect(rendered).toBe(false);
    await bodies.get('v0', () => {
      rendered = true;
      return text(0);
    });
    expect(rendered).toBe(true);
  });
});

describe('static PWA files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-static-'));
  const script = `console.log(${JSON.stringify('precompressed '.repeat(200))});`;
  let url = '';
  let server: ReturnType<Koa['listen']>;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    const html = `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`;
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), script);
    // Marked forms, so the test can tell a file served as built from one compressed on the fly.
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.br'), zlib.brotliCompressSync(`${script}//br`));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.gz'), zlib.gzipSync(`${script}//gz`));
    const app = new Koa();
    app.use(compression());
    app.use(staticPwa({ dir }));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the .br or .gz file written at build time, with its type and Vary', async () => {
    const br = await rawGet(`${url}/assets/app.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(decode('br', br.body)).toBe(`${script}//br`);
    const gz = await rawGet(`${url}/assets/app.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gz.body)).toBe(`${script}//gz`);
    const plain = await rawGet(`${url}/assets/app.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends index.html precompressed for the root and for client-side routes', async () => {
    for (const route of ['/', '/articles/abc']) {
      const res = await rawGet(url + route, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(res.status, route).toBe(200);
      expect(res.headers['content-encoding'], route).toBe('br');
      expect(res.headers['content-type']).toMatch(/html/);
      expect(decode('br', res.body)).toContain('<title>t</title>');
    }
  });
});

describe('one shared body', () => {
  it('lets its plain form go once brotli exists, and makes it again for plain and gzip clients', async () => {
    const text = JSON.stringify({
      items: Array.from({ length: 2000 }, (_, i) => `item ${i} of a body`),
    });
    const plainBytes = Buffer.byteLength(text);
    let grown = 0;
    const body = new SharedBody(text, (bytes) => (grown += bytes));
    expect(body.bytes).toBe(plainBytes);
    const br = await body.as('br');
    expect(br.length).toBeLessThan(plainBytes / 4);
    // Only the brotli form is held now, and the cache was told the body shrank.
    expect(body.bytes).toBe(br.length);
    expect(grown).toBe(br.length - plainBytes);
    // A plain client: made again once, then held (and the cache told so).
    expect((await body.plainForm()).toString('utf8')).toBe(text);
    expect(body.bytes).toBe(br.length + plainBytes);
    expect(grown).toBe(br.length);
    const gz = await body.as('gzip');
    expect(zlib.gunzipSync(gz).toString('utf8')).toBe(text);
    expect(body.bytes).toBe(br.length + plainBytes + gz.length);
  });

  it('decompresses once per body for plain clients, and gzip clients never hold the plain form', async () => {
    const text = JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => `item ${i}`) });
    const plain = new SharedBody(text);
    await plain.as('br');
    const before = sharedBodyWork.plainRemade;
    const forms = await Promise.all([plain.plainForm(), plain.plainForm()]);
    for (let i = 0; i < 5; i++) forms.push(await plain.plainForm());
    expect(new Set(forms).size).toBe(1);
    expect(sharedBodyWork.plainRemade - before).toBe(1);

    const gzipOnly = new SharedBody(text);
    const br = await gzipOnly.as('br');
    for (let i = 0; i < 5; i++) await gzipOnly.as('gzip');
    expect(sharedBodyWork.plainRemade - before).toBe(2);
    expect(gzipOnly.bytes).toBe(br.length + (await gzipOnly.as('gzip')).length);
  });
});
