// Study sync between two devices sharing one scripted server (test/scripted-spaces.ts keeps spaces
// as the backend's store does): what one device writes reaches the other sealed, edits merge by
// time, deletions stay deleted, and leaving, rotating or filling a space never loses a note.
import { describe, expect, it, vi } from 'vitest';
import { deriveSpaceKeys, sealRecord } from '@fw/contracts/study-seal';
import { db } from '../../db/db.ts';
import {
  addArticleNote,
  addHighlight,
  makeBackupFile,
  removeHighlight,
  restoreBackup,
  updateArticleNote,
  updateHighlight,
} from './study-store.ts';
import type { ScriptedServer } from '../../../test/scripted-server.ts';
import { SCRIPTED_SPACE_MESSAGES } from '../../../test/scripted-spaces.ts';
import { asDevice, studyRound, studySyncDevices } from '../../../test/devices.ts';
import { pushOutbox } from '../../sync/outbox.ts';
import { pullInto, pullStudy } from '../../sync/study-space/pull.ts';
import { newLinking, SENDING_KEY } from '../../sync/study-space/push.ts';
import { keyOfWords } from '../../sync/study-space/space-words.ts';
import { queueEverything } from '../../sync/study-space/local-changes.ts';
import { AT_ONCE } from '../../sync/study-space/seal-work.ts';
import { createSpace, linkSpace, rotateSpace, SPACE_MESSAGES, spaceWords, stopSyncing } from '../../sync/study-space/space.ts';
import { readSpaceState } from '../../sync/study-space/space-state.ts';
import { useStudySpaceStatus, useStudySpaceSyncedAt } from '../../sync/study-space/space-status.ts';
import { renderHook, waitFor } from '@testing-library/react';

const ARTICLE = { _id: '64f0000000000000000000a1', title: 'Love is patient' };
const quote = (exact: string) => ({ exact, prefix: '', suffix: '', start: 0 });
const T0 = Date.UTC(2026, 0, 5, 8);
const MINUTE = 60_000;

let server: ScriptedServer;
studySyncDevices(T0, (started) => (server = started));

const at = (minutes: number) => vi.setSystemTime(T0 + minutes * MINUTE);
/** `count` notes on the article, stored as they are (no outbox entries). */
const manyNotes = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    _id: (0x64f000000000000000000000n + BigInt(from + i)).toString(16),
    articleId: ARTICLE._id,
    articleTitle: ARTICLE.title,
    text: `note ${from + i}`,
    createdAt: T0,
    updatedAt: T0,
  }));
const spaceCalls = () => server.calls.filter((c) => c.path.startsWith('/api/study/'));

/** Device A makes a space holding a highlight and a note; device B links to it. Answers the words. */
async function twoLinkedDevices() {
  await asDevice('A');
  const highlight = await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
  const note = await addArticleNote(ARTICLE, 'Read with the children');
  const words = await createSpace();
  await studyRound();
  await asDevice('B');
  await linkSpace(words.join(' '));
  // B shows the same words, for a third device.
  expect(await spaceWords()).toEqual(words);
  return { words, highlight, note };
}

describe('study sync between two devices', () => {
  it('brings a highlight and a note made on one device to the other, sealed on the way', async () => {
    const { highlight, note } = await twoLinkedDevices();
    expect(await db.highlights.get(highlight._id)).toMatchObject({ color: 'yellow', quote: { exact: 'love suffers long' } });
    expect(await db.notes.get(note._id)).toMatchObject({ text: 'Read with the children' });
    const writes = spaceCalls().filter((c) => c.method === 'POST');
    // Both records went in one write, and nothing the server holds names them.
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body!.records).toHaveLength(2);
    expect(JSON.stringify([...server.spaces.spaces.values()])).not.toMatch(/love suffers|children|yellow|64f0000000000000000000a1/);
    // A change on B, once B sent what it held, reaches A in the next rounds.
    await studyRound();
    at(5);
    await updateHighlight(highlight._id, { color: 'green' });
    await studyRound();
    await asDevice('A');
    await studyRound();
    expect((await db.highlights.get(highlight._id))?.color).toBe('green');
  });

  it('after both edited offline, the newer edit wins on both and a deleted highlight stays deleted on both', async () => {
    const { highlight, note } = await twoLinkedDevices();
    // Offline: B recolours the highlight, then A deletes it; A edits the note, then B does, later.
    at(10);
    await updateHighlight(highlight._id, { color: 'pink' });
    await asDevice('A');
    at(11);
    await removeHighlight(highlight._id);
    at(12);
    await updateArticleNote(note._id, 'A: read on Sunday');
    await asDevice('B');
    at(13);
    await updateArticleNote(note._id, 'B: read on Saturday');
    // Back online, B first; then each device syncs until nothing is left to send.
    for (const device of ['B', 'A', 'B', 'A', 'B', 'A']) {
      await asDevice(device);
      await studyRound();
    }
    for (const device of ['A', 'B']) {
      await asDevice(device);
      expect(await db.highlights.get(highlight._id), device).toBeUndefined();
      expect((await db.notes.get(note._id))?.text, device).toBe('B: read on Saturday');
      expect(await db.outbox.count(), device).toBe(0);
    }
  });

  it('keeps a deleted highlight deleted when an older backup is restored', async () => {
    const highlight = await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
    const { text } = await makeBackupFile();
    at(1);
    await removeHighlight(highlight._id);
    const counts = await restoreBackup(text);
    expect(counts.added).toBe(0);
    expect(await db.highlights.get(highlight._id)).toBeUndefined();
  });

  it('stops syncing: the key and cursor are forgotten, every note stays, nothing more is sent', async () => {
    const { highlight, note } = await twoLinkedDevices();
    const status = renderHook(() => useStudySpaceStatus());
    await waitFor(() => expect(status.result.current).toEqual({ status: 'linked' }));
    await stopSyncing();
    await waitFor(() => expect(status.result.current).toEqual({ status: 'none' }));
    status.unmount();
    expect(await readSpaceState()).toBeUndefined();
    expect(await db.highlights.get(highlight._id)).toBeDefined();
    expect(await db.notes.get(note._id)).toBeDefined();
    const before = spaceCalls().length;
    await updateArticleNote(note._id, 'kept here only');
    await studyRound();
    expect(await db.outbox.count()).toBe(0);
    expect(spaceCalls()).toHaveLength(before);
  });

  it('rotates the key: the other device is told the space was removed, keeps its notes, and links with the new words', async () => {
    const { highlight, words } = await twoLinkedDevices();
    const newWords = await rotateSpace();
    await asDevice('A');
    const status = renderHook(() => useStudySpaceStatus());
    await studyRound();
    await waitFor(() => expect(status.result.current).toEqual({ status: 'removed', message: SCRIPTED_SPACE_MESSAGES.REMOVED }));
    status.unmount();
    expect(await db.highlights.get(highlight._id)).toBeDefined();
    await linkSpace(newWords.join(' '));
    expect((await readSpaceState())?.status).toBe('linked');
    // A third device given the old words is told what the server says.
    await asDevice('C');
    await expect(linkSpace(words.join(' '))).rejects.toThrow(SCRIPTED_SPACE_MESSAGES.REMOVED);
  });

  it('refuses words that open no space with a plain message, stays unlinked, and sends nothing', async () => {
    await createSpace();
    await stopSyncing();
    await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
    const before = spaceCalls().length;
    const { wordsOfKey, newSpaceKey } = await import('../../sync/study-space/space-words.ts');
    await expect(linkSpace(wordsOfKey(newSpaceKey()).join(' '))).rejects.toThrow(SPACE_MESSAGES.wrongWords);
    expect(await readSpaceState()).toBeUndefined();
    // The device's records were read and sealed at the press, but nothing went, and nothing waits.
    expect(spaceCalls().slice(before).map((c) => c.method)).toEqual(['GET']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows SPACE_FULL as a refused write with the server\'s message and loses nothing on the device', async () => {
    server.spaces.quotaRecords = 1;
    const first = await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
    const second = await addHighlight(ARTICLE, quote('and is kind'), 'blue');
    await createSpace();
    await studyRound();
    const refused = await db.outbox.toArray();
    expect(refused.map((e) => [e.status, e.lastError])).toEqual([
      ['failed', SCRIPTED_SPACE_MESSAGES.FULL],
      ['failed', SCRIPTED_SPACE_MESSAGES.FULL],
    ]);
    expect(await db.highlights.bulkGet([first._id, second._id])).toEqual([first, second]);
  });
});

describe('the pull and the push', () => {
  it('pulls page by page, saves the cursor, skips what does not open, and a round with nothing new is one request', async () => {
    server.spaces.pageSize = 2;
    await asDevice('A');
    for (let i = 0; i < 5; i++) await addArticleNote(ARTICLE, `note ${i}`);
    const words = await createSpace();
    await studyRound();
    // A record sealed by another space lands in this one (a damaged or foreign record).
    const [id, space] = [...server.spaces.spaces][0]!;
    server.spaces.plant(id, [{ rid: 'A'.repeat(24), data: space.changes[0]!.data! }]);
    await asDevice('B');
    const linking = spaceCalls().length;
    const result = await linkSpace(words.join(' '));
    expect(result).toEqual({ applied: 5, unreadable: 1 });
    expect(await db.notes.count()).toBe(5);
    // Two writes (A's five notes, then the planted record), two pages: a page holds whole writes.
    expect(spaceCalls().slice(linking).filter((c) => c.method === 'GET')).toHaveLength(2);
    expect(await readSpaceState()).toMatchObject({ status: 'linked', cursor: 2 });
    const before = spaceCalls().length;
    await pullStudy();
    expect(spaceCalls()).toHaveLength(before + 1);
  });

  it('takes a later page\'s deletion of a record an earlier page brought (the next page is opened while the last is merged)', async () => {
    server.spaces.pageSize = 500;
    await asDevice('A');
    await db.notes.bulkAdd(manyNotes(1_100));
    const words = await createSpace();
    const [spaceId, space] = [...server.spaces.spaces][0]!;
    // The space's writes: 500, 500 and 100 records, then one deleting a record of the first, which
    // stays there: three pages (the last two writes together).
    const deleted = space.changes.find((c) => c.seq === 1)!;
    server.spaces.append(spaceId, [{ rid: deleted.rid, deleted: true }]);
    await asDevice('B');
    const before = spaceCalls().length;
    const result = await linkSpace(words.join(' '));
    const pages = spaceCalls().slice(before).filter((c) => c.method === 'GET');
    expect(pages).toHaveLength(3);
    expect(result.applied).toBe(1_101);
    expect(await db.notes.count()).toBe(1_099);
    expect(await db.tombstones.count()).toBe(1);
  });

  it('merges a page that brings a record, its deletion and a newer copy of it: the newer copy stays, with no tombstone', async () => {
    await asDevice('A');
    const highlight = await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
    const words = await createSpace();
    await studyRound();
    // Another device deleted it, and a third brought it back recoloured, later than B's clock.
    const keys = await deriveSpaceKeys(keyOfWords(words.join(' ')));
    const newer = await sealRecord(keys, { kind: 'highlight', id: highlight._id, value: { ...highlight, color: 'green', updatedAt: T0 + 5 * MINUTE } });
    const [spaceId] = [...server.spaces.spaces][0]!;
    server.spaces.append(spaceId, [{ rid: newer.rid, deleted: true }, newer]);
    await asDevice('B');
    at(3);
    const before = spaceCalls().length;
    const result = await linkSpace(words.join(' '));
    // The three changes came in one page.
    expect(spaceCalls().slice(before).filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(result).toEqual({ applied: 3, unreadable: 0 });
    expect(await db.highlights.get(highlight._id)).toMatchObject({ color: 'green', updatedAt: T0 + 5 * MINUTE });
    expect(await db.tombstones.count()).toBe(0);
  });

  it('sends a change made while the space answered the link (the device was not linked yet) after the link\'s own writes', async () => {
    await asDevice('A');
    const words = await createSpace();
    await asDevice('B');
    const highlight = await addHighlight(ARTICLE, quote('love suffers long'), 'yellow');
    const other = await addArticleNote(ARTICLE, 'Read with the children');
    at(1);
    // B's records were read at the press; the space answers once B has recoloured the highlight.
    server.script = async (call) => {
      if (call.method !== 'GET' || !call.path.includes('/changes')) return undefined;
      server.script = () => undefined;
      await updateHighlight(highlight._id, { color: 'green' });
      return undefined;
    };
    await linkSpace(words.join(' '));
    expect(await db.outbox.count()).toBe(2);
    await studyRound();
    await asDevice('A');
    await studyRound();
    expect(await db.highlights.get(highlight._id)).toMatchObject({ color: 'green' });
    expect(await db.notes.get(other._id)).toMatchObject({ text: 'Read with the children' });
  });

  it('does not fetch its own writes back, but reads them with another device\'s when that one wrote between', async () => {
    await twoLinkedDevices();
    await studyRound();
    const cursorOf = async () => ((await readSpaceState()) as { cursor: number }).cursor;
    const pulled = () => spaceCalls().filter((c) => c.method === 'GET').at(-1)!;
    // B's own write took the number right after its cursor: the next round brings nothing.
    const before = await cursorOf();
    for (let i = 0; i < 3; i++) await addArticleNote(ARTICLE, `B's note ${i}`);
    await pushOutbox();
    expect(await cursorOf()).toBe(before + 1);
    await pullStudy();
    expect(pulled().response).toMatchObject({ changes: [], cursor: before + 1 });
    // A writes, then B writes: B's numbers come after A's, so B's cursor stays and its pull reads both.
    await asDevice('A');
    await addArticleNote(ARTICLE, 'A wrote first');
    await studyRound();
    await asDevice('B');
    await addArticleNote(ARTICLE, 'B wrote second');
    await pushOutbox();
    expect(await cursorOf()).toBe(before + 1);
    await pullStudy();
    expect((pulled().response as { changes: unknown[] }).changes.length).toBeGreaterThanOrEqual(2);
    expect((await db.notes.toArray()).map((n) => n.text)).toContain('A wrote first');
  });

  it('keeps when the device last heard from its space: none before its first pull, then each answer\'s time', async () => {
    await asDevice('A');
    const words = await createSpace();
    const syncedAt = renderHook(() => useStudySpaceSyncedAt());
    await studyRound();
    await waitFor(() => expect(syncedAt.result.current).toBe(T0));
    at(7);
    await pullStudy();
    await waitFor(() => expect(syncedAt.result.current).toBe(T0 + 7 * MINUTE));
    syncedAt.unmount();
    // A device that links has heard from the space once the link is made.
    await asDevice('B');
    at(9);
    await linkSpace(words.join(' '));
    expect(await readSpaceState()).toMatchObject({ status: 'linked', syncedAt: T0 + 9 * MINUTE });
    await stopSyncing();
    const after = renderHook(() => useStudySpaceSyncedAt());
    await waitFor(() => expect(after.result.current).toBeUndefined());
    after.unmount();
  });

  it('sends up to 500 records a write, and a write whose answer was lost goes again as it was, under its key', async () => {
    await createSpace();
    // Through the outbox (a space made sends what the device holds at once, as a link does).
    await db.notes.bulkAdd(manyNotes(1_100));
    expect(await queueEverything()).toBe(true);
    let lost = false;
    server.script = (call) => {
      if (call.method !== 'POST' || lost) return undefined;
      lost = true;
      return 'lose-response';
    };
    await pushOutbox();
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await pushOutbox();
    const writes = spaceCalls().filter((c) => c.method === 'POST');
    expect(writes.map((c) => (c.body!.records as unknown[]).length)).toEqual([500, 500, 500, 100]);
    expect(writes[1]!.key).toBe(writes[0]!.key);
    expect(JSON.stringify(writes[1]!.body)).toBe(JSON.stringify(writes[0]!.body));
    const [space] = server.spaces.spaces.values();
    expect(space!.changes).toHaveLength(1_100);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a link sends the device\'s own records at once; a write whose answer was lost goes again through the outbox as it was, under its key', async () => {
    await asDevice('A');
    await addArticleNote(ARTICLE, 'From A');
    const words = await createSpace();
    await studyRound();
    await asDevice('B');
    await db.notes.bulkAdd(manyNotes(600));
    let lost = false;
    server.script = (call) => {
      if (call.method !== 'POST' || lost) return undefined;
      lost = true;
      return 'lose-response';
    };
    const before = spaceCalls().length;
    await linkSpace(words.join(' '));
    // The first write (500 records) lost its answer: queued as it went; the other 100 queued to be sealed when sent.
    expect(await db.outbox.count()).toBe(600);
    await pushOutbox();
    const writes = spaceCalls().slice(before).filter((c) => c.method === 'POST');
    expect(writes.map((c) => (c.body!.records as unknown[]).length)).toEqual([500, 500, 100]);
    expect(writes[1]!.key).toBe(writes[0]!.key);
    expect(JSON.stringify(writes[1]!.body)).toBe(JSON.stringify(writes[0]!.body));
    expect(await db.outbox.count()).toBe(0);
    await asDevice('A');
    await studyRound();
    expect(await db.notes.count()).toBe(601);
  });
});

describe('a link sends the device\'s own records while it merges the space\'s', () => {
  /** A makes a space: page 1 holds `kept`, page 2 the later `later` and the deletion of `gone`. */
  async function spaceOfTwoPages() {
    server.spaces.pageSize = 1;
    await asDevice('A');
    const kept = await addArticleNote(ARTICLE, 'kept');
    const gone = await addHighlight(ARTICLE, quote('love is kind'), 'green');
    const words = await createSpace();
    await studyRound();
    at(10);
    const later = await addArticleNote(ARTICLE, 'later');
    await removeHighlight(gone._id);
    await studyRound();
    return { words, kept, gone, later };
  }

  it('holds back what the space\'s pages name, and a third device ends on the newer copies', async () => {
    const { words, kept, gone, later } = await spaceOfTwoPages();
    const [spaceId, space] = [...server.spaces.spaces][0]!;
    const keptAt = space.changes.find((c) => c.seq === 1)!;
    // B holds `kept` as the space does, an older `later`, the highlight A deleted, and a note of its own.
    await asDevice('B');
    at(5);
    await db.notes.bulkAdd([kept, { ...later, text: 'B older', updatedAt: T0 + 5 * MINUTE }]);
    await db.highlights.add(gone);
    const own = await addArticleNote(ARTICLE, 'B own');
    at(20);
    // The space's second page is slow to come: B's own records wait for it, since the space keeps
    // only a record's latest change (scripted-spaces.ts), and B's older `later` sent first would
    // have taken the place of A's newer one before B read it.
    let written = () => {};
    const wrote = new Promise<void>((resolve) => (written = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (init?.method === 'POST' && path.includes('/api/study/')) written();
      if (path.includes('/changes?after=1')) await Promise.race([wrote, new Promise((resolve) => setTimeout(resolve, 300))]);
      return server.fetch(input, init);
    });
    await linkSpace(words.join(' '));
    await studyRound();
    expect((await db.notes.toArray()).map((n) => n.text).sort()).toEqual(['B own', 'kept', 'later']);
    expect(await db.highlights.count()).toBe(0);
    // `kept` never went back: A's write still holds it.
    expect(server.spaces.spaces.get(spaceId)!.changes).toContainEqual(keptAt);
    await asDevice('C');
    await linkSpace(words.join(' '));
    const onC = await db.notes.toArray();
    expect(onC.map((n) => n.text).sort()).toEqual(['B own', 'kept', 'later']);
    expect(onC.find((n) => n._id === own._id)?.text).toBe('B own');
    expect(await db.highlights.count()).toBe(0);
  });

  it('is not kept when its first page cannot be taken in, and leaves the device\'s notes as they were', async () => {
    const { words } = await spaceOfTwoPages();
    await asDevice('B');
    const own = await addArticleNote(ARTICLE, 'B own');
    const transaction = db.transaction.bind(db);
    const full = vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) =>
      Array.isArray(args[1]) && args[1].includes(db.highlights)
        ? Promise.reject(new Error('The device is full.'))
        : (transaction as (...a: unknown[]) => unknown)(...args)) as never);
    await expect(linkSpace(words.join(' '))).rejects.toThrow('The device is full.');
    full.mockRestore();
    expect(await readSpaceState()).toBeUndefined();
    expect((await db.notes.toArray()).map((n) => n._id)).toEqual([own._id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends again a record it sent beside the merge that a later page replaced or deleted', async () => {
    const { words, gone, later } = await spaceOfTwoPages();
    await asDevice('B');
    at(5);
    await db.notes.add({ ...later, text: 'B older', updatedAt: T0 + 5 * MINUTE });
    await db.highlights.add(gone);
    at(20);
    // As if B's copies went before the space's pages that name them were read.
    const linking = newLinking();
    linking.sentAlongside.add(`note:${later._id}`).add(`highlight:${gone._id}`);
    await pullInto(keyOfWords(words.join(' ')), 0, { applied: 0, unreadable: 0 }, linking);
    expect((await db.notes.get(later._id))?.text).toBe('later');
    expect(await db.highlights.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.recordId).sort()).toEqual([`highlight:${gone._id}`, `note:${later._id}`]);
  });
});

describe('a link cut short', () => {
  it('queues the device\'s own records on the next round when the tab that linked closed before it sent them', async () => {
    const { words } = await twoLinkedDevices();
    await asDevice('C');
    await linkSpace(words.join(' '));
    // As if C's tab had closed after the pull and before its own records went: they are on C, unsent,
    // and its mark of the send is two minutes old.
    await db.notes.bulkAdd(manyNotes(3, 500));
    await db.meta.put({ key: SENDING_KEY, value: { at: T0 - 2 * MINUTE } });
    await studyRound();
    expect(await db.meta.get(SENDING_KEY)).toBeUndefined();
    await studyRound();
    expect(await db.outbox.count()).toBe(0);
    await asDevice('A');
    await studyRound();
    expect((await db.notes.toArray()).map((n) => n.text)).toEqual(expect.arrayContaining(['note 500', 'note 501', 'note 502']));
  });

  it('leaves a fresh mark alone: the send it marks may still be running in another tab', async () => {
    const { words } = await twoLinkedDevices();
    await asDevice('C');
    await linkSpace(words.join(' '));
    await db.notes.bulkAdd(manyNotes(1, 700));
    await db.meta.put({ key: SENDING_KEY, value: { at: T0 } });
    await studyRound();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(SENDING_KEY)).toBeDefined();
  });
});

describe('sealing and opening many records', () => {
  it('without a worker, gives the page a turn between slices while sealing and opening 2,000 records', async () => {
    const RECORDS = 2_000;
    await asDevice('A');
    await db.notes.bulkAdd(manyNotes(RECORDS));
    // A clock that moves 3 ms at every look, and a page turn that is counted.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 3));
    const turns = vi.fn(async () => {});
    vi.stubGlobal('scheduler', { yield: turns });
    const words = await createSpace();
    await pushOutbox();
    // Records are sealed AT_ONCE at a time, a few such groups a slice with this clock.
    const sealing = turns.mock.calls.length;
    expect(sealing).toBeGreaterThanOrEqual(RECORDS / AT_ONCE / 4);
    await asDevice('B');
    await linkSpace(words.join(' '));
    expect(await db.notes.count()).toBe(RECORDS);
    expect(turns.mock.calls.length - sealing).toBeGreaterThanOrEqual(RECORDS / AT_ONCE / 4);
    vi.mocked(performance.now).mockRestore();
  }, 120_000);
});
