// @vitest-environment node
// A device that kept the admin view before version 11 is upgraded in place: each article gets
// its draft mark and each comment its status, so the tables' indexes find them.
import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { FamilyDb } from './db.ts';

const NAME = 'upgrade-test';

afterEach(() => Dexie.delete(NAME));

it('marks the drafts and the comments kept before the indexes existed', async () => {
  const old = new Dexie(NAME);
  old.version(10).stores({ adminArticles: '_id, isPublished, createdAt', adminComments: '_id, isApproved, createdAt' });
  await old.table('adminArticles').bulkPut([
    { _id: 'a1', title: 'Published', isPublished: true, createdAt: '2025-01-01T00:00:00.000Z' },
    { _id: 'a2', title: 'Draft', isPublished: false, createdAt: '2025-01-02T00:00:00.000Z' },
  ]);
  await old.table('adminComments').bulkPut([
    { _id: 'c1', isApproved: true, createdAt: '2025-01-01T00:00:00.000Z' },
    { _id: 'c2', isApproved: false, createdAt: '2025-01-02T00:00:00.000Z' },
    { _id: 'c3', isApproved: false, createdAt: '2025-01-03T00:00:00.000Z' },
  ]);
  old.close();

  const upgraded = new FamilyDb(NAME);
  expect(await upgraded.adminArticles.where('draft').equals(1).primaryKeys()).toEqual(['a2']);
  const waiting = await upgraded.adminComments
    .where('[status+createdAt+_id]')
    .between(['waiting'], ['waiting', Dexie.maxKey])
    .primaryKeys();
  expect(waiting).toEqual(['c2', 'c3']);
  upgraded.close();
});
