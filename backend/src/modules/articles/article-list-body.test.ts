// The public list joined from pieces: the same JSON as the list made whole, and a publish, an edit
// or a removal compresses again one or two pieces, not the library.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPieceWork, JoinedBodies, PIECE_EVERY } from '../../http/gzip-pieces.ts';
import type { FeedEntry } from '../sync/feed-index.ts';
import { articleListParts } from './article-list-body.ts';

let seq = 0;
function entry(id = crypto.randomBytes(12).toString('hex')): FeedEntry {
  seq += 1;
  return { id, seq, json: JSON.stringify({ _id: id, title: `Article ${seq}`, content: `<p>${'Words of a lesson. '.repeat(40)}</p>` }) };
}

const wholeList = (entries: readonly FeedEntry[]) => `{"success":true,"articles":[${entries.map((e) => e.json).join(',')}]}`;
const textOf = (entries: readonly FeedEntry[]) => articleListParts(entries).map((part) => part.text()).join('');
const keysOf = (entries: readonly FeedEntry[]) => new Set(articleListParts(entries).map((part) => part.key));
/** Keys in `after` that `before` did not have: the pieces a change compresses. */
const newKeys = (before: readonly FeedEntry[], after: readonly FeedEntry[]) => {
  const held = keysOf(before);
  return [...keysOf(after)].filter((key) => !held.has(key)).length;
};

describe('the article list in pieces', () => {
  it('is the whole list’s JSON for none, one and many articles', () => {
    for (const count of [0, 1, 2, 40, 500]) {
      const entries = Array.from({ length: count }, () => entry());
      expect(textOf(entries), `${count}`).toBe(wholeList(entries));
      expect(JSON.parse(textOf(entries)).articles).toHaveLength(count);
    }
  });

  it('cuts a library into pieces of about PIECE_EVERY articles', () => {
    const entries = Array.from({ length: 3000 }, () => entry());
    // Head and tail are parts of their own.
    const parts = articleListParts(entries).length - 2;
    expect(parts).toBeGreaterThan(3000 / PIECE_EVERY / 2);
    expect(parts).toBeLessThan((3000 / PIECE_EVERY) * 2);
  });

  it('compresses again one piece for an edit, two at most for a new article or a removal anywhere', () => {
    const library = Array.from({ length: 2000 }, () => entry());
    // A new article first (newest first) and ones between older ones: two when it ends a piece.
    for (let i = 0; i < 20; i++) {
      expect(newKeys(library, [entry(), ...library])).toBeLessThanOrEqual(2);
      expect(newKeys(library, [...library.slice(0, 700), entry(), ...library.slice(700)])).toBeLessThanOrEqual(2);
    }
    const edited = [...library];
    edited[1234] = { ...edited[1234]!, seq: ++seq, json: '{"edited":true}' };
    expect(newKeys(library, edited)).toBe(1);
    for (const at of [0, 999, 1999]) {
      const removed = library.filter((_, i) => i !== at);
      expect(newKeys(library, removed), `removed at ${at}`).toBeLessThanOrEqual(2);
    }
  });

  it('answers gzip that reads as the list, and compresses again only what a change touched', async () => {
    const bodies = new JoinedBodies();
    const library = Array.from({ length: 1000 }, () => entry());
    const first = await bodies.get('v1', () => articleListParts(library));
    expect(first.encodings).toEqual(['gzip']);
    expect(zlib.gunzipSync(Buffer.concat(await first.as())).toString('utf8')).toBe(wholeList(library));
    expect(first.plainLength).toBe(Buffer.byteLength(wholeList(library)));
    expect((await first.plainForm()).toString('utf8')).toBe(wholeList(library));
    // The same version is the same body, made once.
    expect(await bodies.get('v1', () => articleListParts(library))).toBe(first);

    const before = gzipPieceWork.compressed;
    const published = [entry(), ...library];
    const second = await bodies.get('v2', () => articleListParts(published));
    expect(gzipPieceWork.compressed - before).toBeLessThanOrEqual(2);
    expect(zlib.gunzipSync(Buffer.concat(await second.as())).toString('utf8')).toBe(wholeList(published));
  });
});
