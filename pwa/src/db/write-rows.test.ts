// @vitest-environment node
// Rows written straight through IndexedDB (db.ts writeRows) are part of the transaction that
// writes them, and live queries hear of them once tablesChanged is called after the commit:
// whole-table queries and index queries alike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveQuery } from 'dexie';
import { db, getMany, readInPages, tablesChanged, writeRows, type ArticleNote, type OutboxEntry } from './db.ts';

const ARTICLE = '64f0000000000000000000a1';
const note = (n: number, articleId = ARTICLE): ArticleNote => ({
  _id: `64f00000000000000000${String(n).padStart(4, '0')}`,
  articleId,
  articleTitle: 'Love is patient',
  text: `Note ${n}`,
  createdAt: n,
  updatedAt: n,
});

/** The next value `query` answers after `after` has run, from a live query started before it. */
async function nextAnswer<T>(query: () => Promise<T>, done: (value: T) => boolean, after: () => Promise<void>): Promise<T> {
  let stop = () => {};
  const answer = new Promise<T>((resolve, reject) => {
    const subscription = liveQuery(query).subscribe({ next: (value) => done(value) && resolve(value), error: reject });
    stop = () => subscription.unsubscribe();
  });
  // The first answer (before the write) comes first.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await after();
  try {
    return await answer;
  } finally {
    stop();
  }
}

afterEach(async () => {
  await db.notes.clear();
});

describe('writeRows', () => {
  it('puts and deletes many rows in the running transaction, and tablesChanged tells live queries', async () => {
    await db.notes.bulkAdd([note(0), note(1)]);
    const rows = Array.from({ length: 120 }, (_, i) => note(i + 2));
    const all = nextAnswer(
      () => db.notes.toArray(),
      (notes) => notes.length === 121,
      async () => {
        await db.transaction('rw', db.notes, () => writeRows(db.notes, rows, [note(0)._id]));
        tablesChanged([db.notes]);
      },
    );
    expect((await all).map((n) => n.text)).not.toContain('Note 0');
    // An index query too: two more for the article.
    const ofArticle = nextAnswer(
      () => db.notes.where('articleId').equals(ARTICLE).count(),
      (count) => count === 123,
      async () => {
        await db.transaction('rw', db.notes, () => writeRows(db.notes, [note(200), note(201)], []));
        tablesChanged([db.notes]);
      },
    );
    expect(await ofArticle).toBe(123);
  });

  it('gives the page a turn between steps without ending the transaction', async () => {
    // Each look at the clock is 10 ms on: every step waits for its turn (a small read) first.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    const counted = vi.spyOn(IDBObjectStore.prototype, 'count');
    try {
      const rows = Array.from({ length: 45 }, (_, i) => note(i));
      await db.transaction('rw', db.notes, async () => {
        await writeRows(db.notes, rows, [note(3)._id]);
        // Still the same transaction: a write after the turns goes in with the rows.
        await db.notes.put(note(100));
      });
      // Five steps of puts and one of deletes, each after a turn.
      expect(counted).toHaveBeenCalledTimes(6);
    } finally {
      clock.mockRestore();
      counted.mockRestore();
    }
    const stored = await db.notes.toArray();
    expect(stored).toHaveLength(45);
    expect(stored.map((n) => n.text)).toContain('Note 100');
    expect(stored.map((n) => n.text)).not.toContain('Note 3');
  });

  it('is undone with the transaction that failed, and needs one', async () => {
    const failed = db.transaction('rw', db.notes, async () => {
      await writeRows(db.notes, [note(1), note(2)], []);
      throw new Error('stopped after the write');
    });
    await expect(failed).rejects.toThrow('stopped after the write');
    expect(await db.notes.count()).toBe(0);
    await expect(writeRows(db.notes, [note(1)], [])).rejects.toThrow('writeRows(notes) runs inside a transaction');
  });
});

describe('readInPages', () => {
  afterEach(async () => {
    await db.outbox.clear();
  });

  it('reads every row in key order, a page a request, by `_id` or by a number the table counts', async () => {
    await db.notes.bulkPut(Array.from({ length: 123 }, (_, n) => note(n)));
    const notes = await readInPages(db.notes);
    expect(notes.map((n) => n.text)).toEqual(Array.from({ length: 123 }, (_, n) => `Note ${n}`));

    // The outbox's key is its `seq`, counted by IndexedDB.
    const entry = (n: number): OutboxEntry => ({
      key: `key-${n}`,
      kind: 'study',
      recordId: `note:${n}`,
      body: { n },
      label: `Entry ${n}`,
      status: 'queued',
      attempts: 0,
      createdAt: n,
      nextAttemptAt: 0,
    });
    await db.outbox.bulkAdd(Array.from({ length: 101 }, (_, n) => entry(n)));
    const entries = await db.transaction('r', db.outbox, () => readInPages(db.outbox));
    expect(entries.map((e) => e.key)).toEqual(Array.from({ length: 101 }, (_, n) => `key-${n}`));
  });
});

describe('getMany', () => {
  it('answers many keys in order, giving the page turns inside the transaction without ending it', async () => {
    await db.notes.bulkPut(Array.from({ length: 20 }, (_, n) => note(n * 50)));
    const keys = Array.from({ length: 1_000 }, (_, n) => note(n)._id);
    // Each look at the clock is 10 ms on: every look finds the slice due, and waits for a turn.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    const counted = vi.spyOn(IDBObjectStore.prototype, 'count');
    let values: (ArticleNote | undefined)[] = [];
    try {
      await db.transaction('rw', db.notes, async () => {
        values = await getMany(db.notes, keys);
        // Still the same transaction after the turns.
        await db.notes.put(note(5_000));
      });
      // Two passes over 1,000 keys, a look every 64 of them.
      expect(counted).toHaveBeenCalledTimes(30);
    } finally {
      clock.mockRestore();
      counted.mockRestore();
    }
    expect(values).toHaveLength(1_000);
    expect(values.flatMap((value, n) => (value ? [n] : []))).toEqual(Array.from({ length: 20 }, (_, n) => n * 50));
    expect(values[100]?.text).toBe('Note 100');
    expect(await db.notes.count()).toBe(21);
  });
});
