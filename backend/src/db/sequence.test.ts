// The change sequence: unique numbers even when many changes run at once (FerretDB's $inc loses
// increments), and a horizon that never passes a change still being written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { SEQ_CLAIM_STALE_MS, sequenceOn } from './sequence.ts';

describe('sequence', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('hands out unique, contiguous numbers to concurrent changes', async () => {
    const sequence = sequenceOn(app.connection);
    const numbers = await Promise.all(Array.from({ length: 40 }, () => sequence.next(async (seq) => seq)));
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(40);
    expect(sorted.at(-1)! - sorted[0]! + 1).toBe(40);
    expect((await sequence.horizon()).committed).toBe(sorted.at(-1));
  });

  it('holds the horizon below a change still being written, and releases it when done (even on failure)', async () => {
    const sequence = sequenceOn(app.connection);
    const start = (await sequence.horizon()).committed;
    let finishSlow!: () => void;
    let slowSeq = 0;
    const slow = sequence.next(
      (seq) =>
        new Promise<void>((resolve) => {
          slowSeq = seq;
          finishSlow = resolve;
        }),
    );
    await vi.waitFor(() => expect(slowSeq).toBeGreaterThan(0));
    const fast = await sequence.next(async (seq) => seq);
    expect(fast).toBe(slowSeq + 1);
    expect((await sequence.horizon()).committed).toBe(start);

    finishSlow();
    await slow;
    expect((await sequence.horizon()).committed).toBe(fast);

    await expect(sequence.next(() => Promise.reject(new Error('write failed')))).rejects.toThrow('write failed');
    expect((await sequence.horizon()).committed).toBe(fast + 1);
  });

  it('stops waiting for a claim left behind by a crashed writer', async () => {
    const sequence = sequenceOn(app.connection);
    const claims = app.connection.collection<{ _id: number; at: Date; done: boolean }>('seq_claims');
    const before = (await sequence.horizon()).committed;
    await claims.insertOne({ _id: before + 1, at: new Date(Date.now() - SEQ_CLAIM_STALE_MS - 1000), done: false });
    const next = await sequence.next(async (seq) => seq);
    expect(next).toBe(before + 2);
    expect((await sequence.horizon()).committed).toBe(next);
  });

  it('keeps one epoch per database', async () => {
    const { epoch } = await sequenceOn(app.connection).horizon();
    expect(epoch).toMatch(/^[0-9a-f]{12}$/);
    const other = await startTestApp();
    try {
      expect((await sequenceOn(other.connection).horizon()).epoch).not.toBe(epoch);
    } finally {
      await other.close();
    }
  });
});
