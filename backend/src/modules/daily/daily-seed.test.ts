// The demo daily texts: seeded once from a few days before the day of seeding, every reference a
// passage, and a text an administrator deleted is not brought back by a later start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoFromDay, localDay, type DailyText } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { DAILY_SEED_DAYS_BEFORE, demoDailyFrom, seedDemoDaily } from '../../seed/daily-seed.ts';

describe('demo daily texts', () => {
  let app: TestApp;
  const now = new Date('2030-06-10T12:00:00');
  const today = localDay(now);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('seeds the demo texts once, each with its passage, from a few days before today', async () => {
    expect(await seedDemoDaily(app.connection, app.scripture, now)).toEqual({ seeded: true });
    const all = demoDailyFrom(today);
    const res = await app.request<{ dailyTexts: DailyText[] }>(
      'GET',
      `/api/daily?from=${all[0]!.date}&to=${all.at(-1)!.date}`,
    );
    expect(res.body.dailyTexts.map((t) => t.date)).toEqual(all.map((t) => t.date));
    expect(res.body.dailyTexts[0]!.date).toBe(isoFromDay(today - DAILY_SEED_DAYS_BEFORE));
    for (const text of res.body.dailyTexts) expect(text.osis).not.toBe('');
    expect(await seedDemoDaily(app.connection, app.scripture, now)).toEqual({ seeded: false });
  });

  it('does not bring back a text an administrator deleted', async () => {
    const { token } = await createUser(app);
    const date = isoFromDay(today);
    expect((await app.request('DELETE', '/api/daily/delete', { token, body: { date } })).status).toBe(200);
    await seedDemoDaily(app.connection, app.scripture, now);
    const res = await app.request<{ dailyTexts: DailyText[] }>('GET', `/api/daily?from=${date}&to=${date}`);
    expect(res.body.dailyTexts).toEqual([]);
  });
});
