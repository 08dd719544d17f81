// @vitest-environment node
// The Users table: applicants first, then by name; the filter finds a name or an email.
import { beforeEach, expect, it } from 'vitest';
import { db } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { readUsers } from './use-users.ts';

const user = (n: number, name: string, email: string, isApproved: boolean) => ({
  _id: `65a1b2c3d4e5f60718293e${String(n).padStart(2, '0')}`,
  name,
  email,
  role: isApproved ? ('admin' as const) : ('user' as const),
  isApproved,
});

beforeEach(resetDb);

it('lists applicants first, a page at a time, and filters by name or email', async () => {
  await db.users.bulkPut([
    user(1, 'Zoe', 'zoe@example.org', false),
    user(2, 'Adam', 'adam@example.org', true),
    user(3, 'Beth', 'beth@family.example', true),
    user(4, 'Carl', 'carl@example.org', false),
  ]);
  const first = await readUsers('', 3);
  expect(first.rows.map((u) => u.name)).toEqual(['Carl', 'Zoe', 'Adam']);
  expect(first).toMatchObject({ more: true, total: 4 });
  expect((await readUsers('FAMILY', 10)).rows.map((u) => u.name)).toEqual(['Beth']);
  expect((await readUsers('EXAMPLE.ORG', 10)).rows.map((u) => u.name)).toEqual(['Carl', 'Zoe', 'Adam']);
  expect(await readUsers('nobody', 10)).toMatchObject({ rows: [], more: false, total: 0 });
});
