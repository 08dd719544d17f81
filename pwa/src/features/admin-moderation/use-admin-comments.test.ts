// @vitest-environment node
// The moderation page reads one status a page at a time, newest first, by the index on status
// and date; the filter finds a comment by its writer's name, its words or its article's title;
// an approval made on this device moves the comment to the other list at once.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminComment } from '@fw/contracts';
import { db, statusOf } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { WRITE_KINDS } from '../../sync/write-kinds/registry.ts';
import { readComments } from './use-admin-comments.ts';

const ARTICLE = { _id: '65a1b2c3d4e5f60718293c01', title: 'Kindness at Home' };

function comment(n: number, isApproved: boolean, extra: Partial<AdminComment> = {}): AdminComment {
  return {
    _id: `65a1b2c3d4e5f60718293d${String(n).padStart(2, '0')}`,
    article: ARTICLE,
    name: `Reader ${n}`,
    content: `Comment ${n}`,
    isApproved,
    createdAt: `2025-03-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    ...extra,
  };
}

const store = (...comments: AdminComment[]) => db.adminComments.bulkPut(comments.map((c) => ({ ...c, status: statusOf(c) })));

beforeEach(resetDb);

describe('the moderation list', () => {
  it('lists one status newest first, a page at a time', async () => {
    await store(...Array.from({ length: 10 }, (_, n) => comment(n + 1, n % 2 === 0)));
    const waiting = await readComments('waiting', '', 3);
    expect(waiting.rows.map((c) => c.name)).toEqual(['Reader 10', 'Reader 8', 'Reader 6']);
    expect(waiting.more).toBe(true);
    const approved = await readComments('approved', '', 5);
    expect(approved.rows.map((c) => c.name)).toEqual(['Reader 9', 'Reader 7', 'Reader 5', 'Reader 3', 'Reader 1']);
    expect(approved.more).toBe(false);
  });

  it('finds matches far down a long list by reading it whole, newest first, and counts them', async () => {
    // More rows than a filter reads one at a time before it reads the table in pieces.
    const many = Array.from({ length: 2_300 }, (_, n) =>
      comment(0, n % 10 === 0, {
        _id: `65a1b2c3d4e5f607182${String(n).padStart(5, '0')}`,
        name: n === 5 || n === 10 ? 'Needle' : `Reader ${n}`,
        createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
      }),
    );
    await store(...many);
    const found = await readComments('waiting', 'needle', 50);
    // 5 waits, 10 is approved: one match each, among the oldest (2,070 wait, 230 are approved).
    expect(found.rows.map((c) => c._id)).toEqual([many[5]!._id]);
    expect(found).toMatchObject({ more: false, total: 1 });
    const approved = await readComments('approved', 'needle', 50);
    expect(approved.rows.map((c) => c._id)).toEqual([many[10]!._id]);
    // Many matches: found by the first rows read, newest first, and not counted.
    const readers = await readComments('waiting', 'reader 1', 3);
    const waitingReaders = many.filter((c) => !c.isApproved && c.name.startsWith('Reader 1'));
    expect(readers.rows.map((c) => c.name)).toEqual(waitingReaders.slice(-3).reverse().map((c) => c.name));
    expect(readers.more).toBe(true);
    expect(readers.total).toBeUndefined();
    // Two matches far down, read whole: newest first.
    await db.adminComments.update(many[7]!._id, { name: 'Needle too' });
    expect((await readComments('waiting', 'needle', 50)).rows.map((c) => c._id)).toEqual([many[7]!._id, many[5]!._id]);
    // A few thousand rows in the in-memory IndexedDB: seconds when the other test files run beside it.
  }, 30_000);

  it('finds a comment by name, by its words or by its article, letter case aside', async () => {
    await store(
      comment(1, false, { name: 'Miriam', content: 'Thank you.' }),
      comment(2, false, { name: 'Tom', content: 'We read this with our MIRIAM tonight.' }),
      comment(3, false, { name: 'Ann', content: 'Lovely.', article: { _id: ARTICLE._id, title: 'Miriam sings' } }),
      comment(4, false, { name: 'Ben', content: 'Good.' }),
      comment(5, true, { name: 'Miriam', content: 'Approved already.' }),
    );
    const found = await readComments('waiting', 'miriam', 10);
    expect(found.rows.map((c) => c.name)).toEqual(['Ann', 'Tom', 'Miriam']);
    expect(found.more).toBe(false);
    expect(found.total).toBeUndefined();
    expect((await readComments('waiting', 'miriam', 2)).more).toBe(true);
    expect((await readComments('waiting', 'nobody', 10)).rows).toEqual([]);
  });

  it('keeps a comment whose article is gone, and finds it by its own words', async () => {
    await store(comment(1, false, { article: null, content: 'Still here' }));
    expect((await readComments('waiting', 'still', 10)).rows).toHaveLength(1);
  });

  it('moves a comment approved on this device to the approved list at once', async () => {
    const one = comment(1, false);
    await store(one);
    await WRITE_KINDS.approveComment.optimistic(one._id, { id: one._id });
    expect((await readComments('waiting', '', 10)).rows).toEqual([]);
    expect((await readComments('approved', '', 10)).rows.map((c) => c._id)).toEqual([one._id]);
  });
});
