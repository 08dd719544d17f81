// @vitest-environment node
// The study worker is stopped once it has had nothing to do for a while (started ahead of calls
// too), but not while it holds a send's records (read ahead, or sealed and kept for their writes):
// they would be lost with it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SealWork } from './seal-work.ts';

/** A worker that answers each call at once, as the study worker would, and says whether it was stopped. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  stopped = false;

  constructor() {
    FakeWorker.started.push(this);
  }

  postMessage({ id, work }: { id: number; work: SealWork }): void {
    const result = work.op === 'keep' ? work.items.map(({ id: rid }) => ({ rid, size: 1 })) : [];
    queueMicrotask(() => this.onmessage?.({ data: { id, result, ms: 0 } }));
  }

  terminate(): void {
    this.stopped = true;
  }
}

const key = new Uint8Array(32);
const items = [{ kind: 'note', id: 'n1', table: 'notes' }];

beforeEach(() => {
  FakeWorker.started = [];
  vi.resetModules();
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the study worker while idle', () => {
  it('is stopped 30 s after its last answer', async () => {
    const { sealWork } = await import('./seal-client.ts');
    await sealWork({ op: 'rids', key, items });
    vi.advanceTimersByTime(29_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([false]);
    vi.advanceTimersByTime(1_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([true]);
  });

  it('is kept while a send holds records in it, and stopped once idle after the send lets them go', async () => {
    const { sealWork } = await import('./seal-client.ts');
    expect(await sealWork({ op: 'keep', key, name: 'send-1', items })).toEqual([{ rid: 'n1', size: 1 }]);
    await sealWork({ op: 'hold', key, snapshot: 'send-2', items });
    vi.advanceTimersByTime(120_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([false]);
    await sealWork({ op: 'drop', key, snapshot: 'send-1', items: [] });
    vi.advanceTimersByTime(120_000);
    // The other send still holds its records.
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([false]);
    await sealWork({ op: 'drop', key, snapshot: 'send-2', items: [] });
    vi.advanceTimersByTime(30_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([true]);
  });

  it('started ahead, is the one the calls use, and is stopped 30 s after the start when none comes', async () => {
    const { sealWork, startSealWorker } = await import('./seal-client.ts');
    startSealWorker();
    expect(FakeWorker.started).toHaveLength(1);
    await sealWork({ op: 'rids', key, items });
    expect(FakeWorker.started).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([true]);
    startSealWorker();
    vi.advanceTimersByTime(29_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([true, false]);
    vi.advanceTimersByTime(1_000);
    expect(FakeWorker.started.map((w) => w.stopped)).toEqual([true, true]);
  });
});
