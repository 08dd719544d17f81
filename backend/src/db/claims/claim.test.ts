// The one "claim by inserting a document" helper every race in the backend goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { CLAIM_STALE_MS, claimOrHolder, insertClaim, inserted, isStale, winTakeOver } from './claim.ts';

describe('claim by inserting a document', () => {
  let app: TestApp;
  const claims = () => app.connection.collection<{ _id: string; by: number; at: Date }>('claims_under_test');
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lets exactly one of many simultaneous callers win, and tells the others who holds it', async () => {
    const at = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, by) => claimOrHolder(claims(), { _id: 'race', by, at })),
    );
    const winners = outcomes.flatMap((o, by) => (o.mine ? [by] : []));
    expect(winners).toHaveLength(1);
    for (const o of outcomes) if (!o.mine) expect(o.holder).toMatchObject({ _id: 'race', by: winners[0] });
    expect(await claims().countDocuments({ _id: 'race' })).toBe(1);
  });

  it('answers false for a taken id and true for a free one', async () => {
    expect(await insertClaim(claims(), { _id: 'once', by: 1, at: new Date() })).toBe(true);
    expect(await insertClaim(claims(), { _id: 'once', by: 2, at: new Date() })).toBe(false);
    expect((await claims().findOne({ _id: 'once' }))?.by).toBe(1);
  });

  it('passes on any failure other than a taken id', async () => {
    await expect(inserted(() => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
  });

  it('calls a claim stale only after CLAIM_STALE_MS', () => {
    const now = Date.now();
    expect(isStale(new Date(now - CLAIM_STALE_MS + 1000), now)).toBe(false);
    expect(isStale(new Date(now - CLAIM_STALE_MS - 1), now)).toBe(true);
  });

  it('lets one of many take over a stale claim, and a later one only once the taker’s mark is stale too', async () => {
    const stale = new Date(Date.now() - CLAIM_STALE_MS - 1000);
    const held = { _id: 'dead-holder', at: stale };
    await claims().insertOne({ ...held, by: 0 });
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => winTakeOver(claims(), held, { by: i + 1 })));
    expect(wins.filter(Boolean)).toHaveLength(1);
    // The winner's mark is fresh: nobody else gets in while it may still be at work.
    expect(await winTakeOver(claims(), held, { by: 99 })).toBe(false);
    // Its taker died before finishing: once the mark is stale, the next generation is won, once.
    await claims().updateOne({ _id: `dead-holder@${stale.getTime()}#1` }, { $set: { at: stale } });
    const late = await Promise.all([winTakeOver(claims(), held, { by: 100 }), winTakeOver(claims(), held, { by: 101 })]);
    expect(late.filter(Boolean)).toHaveLength(1);
    expect(await claims().findOne({ _id: `dead-holder@${stale.getTime()}#2` })).toMatchObject({ by: expect.any(Number) });
  });
});
