// Every read, update and delete of one document by `_id` must be an index search on the database
// the tests run on, whatever the collection's size. On the embedded FerretDB (SQLite) that holds
// only because scripts/ferretdb/idindex adds the index FerretDB's `_id` filter can use; without
// it SQLite scans the table (docs/architecture.md, "The database's limits"). The plan is read with `explain`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The companion looks for new tables twice a second; a loaded machine may take longer. */
const INDEXED_WITHIN_MS = 20_000;

const PRODUCT_COLLECTIONS = [
  'articles',
  'comments',
  'users',
  'tombstones',
  'seq_claims',
  'seq_fates',
  'article_versions',
];
const NAMESPACE_EXISTS = 48;

/** The node types of a PostgreSQL plan (FerretDB's PostgreSQL handler), the root's first. */
function pgNodeTypes(plan: Record<string, unknown>): string[] {
  const children = (plan.Plans ?? []) as Record<string, unknown>[];
  return [String(plan['Node Type']), ...children.flatMap(pgNodeTypes)];
}

/**
 * True when the plan answers `{ _id }` from an index (FerretDB's SQLite plan, its PostgreSQL plan
 * through scripts/ferretdb/pg-lookup-indexes.sql's GIN index, or MongoDB's).
 */
function usesIdIndex(explained: Record<string, unknown>): boolean {
  const planner = (explained.queryPlanner ?? {}) as Record<string, unknown>;
  if (planner.Plan && !Array.isArray(planner.Plan) && typeof planner.Plan === 'object') {
    const types = pgNodeTypes(planner.Plan as Record<string, unknown>);
    return types.some((t) => /Index (Only )?Scan/.test(t)) && !types.includes('Seq Scan');
  }
  if (Array.isArray(planner.Plan)) {
    return planner.Plan.some((line) =>
      /\bSEARCH\b.*\bUSING (COVERING )?INDEX\b/.test(String(line)),
    );
  }
  const winning = JSON.stringify(planner.winningPlan ?? {});
  return (
    /"(IDHACK|EXPRESS_IXSCAN|IXSCAN|CLUSTERED_IXSCAN)"/.test(winning) && !/"COLLSCAN"/.test(winning)
  );
}

describe('lookups by _id', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('are index searches in every collection the backend writes, for ids present and missing', async () => {
    // The product's collections (made lazily as models are first used), plus one made now.
    for (const name of PRODUCT_COLLECTIONS) {
      await app.connection.createCollection(name).catch((error: { code?: number }) => {
        if (error.code !== NAMESPACE_EXISTS) throw error;
      });
    }
    await app.connection.collection<{ _id: string }>('lookup_probe').insertOne({ _id: 'here' });
    const names = (await app.connection.db!.listCollections().toArray()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([...PRODUCT_COLLECTIONS, 'lookup_probe']));

    await vi.waitFor(
      async () => {
        for (const name of names) {
          const collection = app.connection.collection(name);
          for (const _id of ['here', 'nobody-has-this-id']) {
            // SQLite's EXPLAIN compiles against the schema its connection last read; a real read
            // first makes the connection notice an index made by another process.
            await collection.findOne({ _id: _id as never });
            const explained = await collection
              .find({ _id: _id as never })
              .limit(1)
              .explain();
            expect({ name, usesIndex: usesIdIndex(explained) }).toEqual({ name, usesIndex: true });
          }
        }
      },
      { timeout: INDEXED_WITHIN_MS, interval: 250 },
    );
  });

  it('tells a table scan from an index search (positive control of the plan reader)', () => {
    expect(
      usesIdIndex({ queryPlanner: { Plan: ['id=2 parent=0 notused=0 detail=SCAN docs_1'] } }),
    ).toBe(false);
    expect(
      usesIdIndex({
        queryPlanner: {
          Plan: ['id=3 parent=0 notused=0 detail=SEARCH docs_1 USING INDEX docs_1_x (<expr>=?)'],
        },
      }),
    ).toBe(true);
    expect(usesIdIndex({ queryPlanner: { winningPlan: { stage: 'COLLSCAN' } } })).toBe(false);
    expect(usesIdIndex({ queryPlanner: { winningPlan: { stage: 'IDHACK' } } })).toBe(true);
    // FerretDB on PostgreSQL, as measured before and after pg-lookup-indexes.sql.
    expect(usesIdIndex({ queryPlanner: { Plan: { 'Node Type': 'Seq Scan', Filter: "((t._jsonb -> '_id'::text) @> '\"q\"'::jsonb)" } } })).toBe(false);
    expect(
      usesIdIndex({
        queryPlanner: { Plan: { 'Node Type': 'Bitmap Heap Scan', Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Index Name': 't_911bb8e7_gin' }] } },
      }),
    ).toBe(true);
  });
});
