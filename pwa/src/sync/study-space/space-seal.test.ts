// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveSpaceKeys, openRecord, opaqueIdOf, sealRecord, SealedRecordError } from '@fw/contracts/study-seal';
import { keyOfWords, newSpaceKey, SpaceWordsError, SPACE_WORD_COUNT, wordsOfKey, WORDS_MESSAGES } from './space-words.ts';

const note = {
  kind: 'note',
  id: '65f0c0ffee0000000000abcd',
  value: { articleId: '65f0c0ffee0000000000abcd', text: 'Patience in the morning reading', color: 'yellow' },
};

describe('space words', () => {
  it('gives 24 words that bring back the same key, typed in full or by four letters in any case', () => {
    const key = newSpaceKey();
    const words = wordsOfKey(key);
    expect(words).toHaveLength(SPACE_WORD_COUNT);
    expect(keyOfWords(words.join(' '))).toEqual(key);
    const short = words.map((w) => w.slice(0, 4).toUpperCase()).join(',\n ');
    expect(keyOfWords(short)).toEqual(key);
  });

  it('names the problem: a missing word, an unknown word, words that do not belong together', () => {
    const words = wordsOfKey(newSpaceKey());
    expect(() => keyOfWords(words.slice(1).join(' '))).toThrow(WORDS_MESSAGES.count(23));
    const unknown = [...words];
    unknown[4] = 'zzzz';
    expect(() => keyOfWords(unknown.join(' '))).toThrow(WORDS_MESSAGES.unknown('zzzz', 5));
    // A fixed key whose first two words, swapped, stay valid words with a wrong checksum.
    const [first, second, ...rest] = wordsOfKey(new Uint8Array(32).fill(7));
    const swapped = [second, first, ...rest];
    expect(() => keyOfWords(swapped.join(' '))).toThrow(WORDS_MESSAGES.checksum);
    expect(() => keyOfWords(swapped.join(' '))).toThrow(SpaceWordsError);
  });
});

describe('space crypto', () => {
  it('derives the same space on two devices from one key, and another space from another key', async () => {
    const key = newSpaceKey();
    const [a, b, other] = await Promise.all([deriveSpaceKeys(key), deriveSpaceKeys(key.slice()), deriveSpaceKeys(newSpaceKey())]);
    expect(a.spaceId).toBe(b.spaceId);
    expect(a.credential).toBe(b.credential);
    expect(a.spaceId).not.toBe(a.credential);
    expect(other.spaceId).not.toBe(a.spaceId);
    expect(await opaqueIdOf(a, 'note', note.id)).toBe(await opaqueIdOf(b, 'note', note.id));
    expect(await opaqueIdOf(a, 'note', note.id)).not.toBe(await opaqueIdOf(a, 'highlight', note.id));
  });

  it('seals a record so the stored form holds none of its words, ids or colour, and opens it on another device', async () => {
    const key = newSpaceKey();
    const keys = await deriveSpaceKeys(key);
    const sealed = await sealRecord(keys, note);
    const stored = JSON.stringify(sealed);
    for (const secret of ['Patience', 'morning', note.id, 'yellow', 'note']) expect(stored).not.toContain(secret);
    expect(await openRecord(await deriveSpaceKeys(key), sealed.rid, sealed.data)).toEqual(note);
  });

  it('seals with a fresh nonce each time and pads, so equal records differ and sizes come in steps', async () => {
    const keys = await deriveSpaceKeys(newSpaceKey());
    const [one, two] = [await sealRecord(keys, note), await sealRecord(keys, note)];
    expect(one.rid).toBe(two.rid);
    expect(one.data).not.toBe(two.data);
    const longer = await sealRecord(keys, { ...note, value: { ...note.value, text: `${note.value.text}!` } });
    expect(longer.data.length).toBe(one.data.length);
  });

  it('refuses a record under another id, from another space, or altered', async () => {
    const keys = await deriveSpaceKeys(newSpaceKey());
    const sealed = await sealRecord(keys, note);
    const otherRid = await opaqueIdOf(keys, 'note', 'ffffffffffffffffffffffff');
    await expect(openRecord(keys, otherRid, sealed.data)).rejects.toBeInstanceOf(SealedRecordError);
    await expect(openRecord(await deriveSpaceKeys(newSpaceKey()), sealed.rid, sealed.data)).rejects.toBeInstanceOf(SealedRecordError);
    const flipped = `${sealed.data.slice(0, 30)}${sealed.data[30] === 'A' ? 'B' : 'A'}${sealed.data.slice(31)}`;
    await expect(openRecord(keys, sealed.rid, flipped)).rejects.toBeInstanceOf(SealedRecordError);
  });
});
