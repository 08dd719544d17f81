// A body whose Content-Encoding does not match its bytes is the client's mistake:
// 400 with a clear message, nothing in the log (it was a 500 with a stack on every request).
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { BAD_ENCODING_MESSAGE } from './request-body.ts';

describe('compressed request bodies', () => {
  let app: TestApp;
  // Not 'test': the server logs as it does in production, so a logged stack would show.
  beforeAll(async () => (app = await startTestApp({ env: 'development' })));
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const post = (encoding: string, body: Buffer) =>
    fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body,
    });

  it('answers a body that does not decompress with 400 and logs nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const gzipped = zlib.gzipSync(JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(20) }));
    for (const [encoding, body] of [
      ['gzip', Buffer.from('{"email":"not gzip at all"}')],
      ['gzip', gzipped.subarray(0, gzipped.length - 12)],
      ['deflate', Buffer.from('plainly not deflate')],
      ['br', Buffer.from('plainly not brotli')],
    ] as const) {
      const res = await post(encoding, body);
      expect(res.status, encoding).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: BAD_ENCODING_MESSAGE, code: 'INVALID_INPUT' });
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it('still reads a valid gzip body', async () => {
    const res = await post('gzip', zlib.gzipSync(JSON.stringify({ email: 'not-an-email', password: 'x' })));
    expect(res.status).toBe(400);
    // Read and validated: the message is about the email inside it.
    expect(((await res.json()) as { message: string }).message).toMatch(/email/i);
  });
});
