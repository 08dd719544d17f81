// The articles of the search index (search-index.ts) as it keeps them: each one's text in its
// compact form (search-text.ts, about one byte per character), its labels and its slot; and all
// of them as flat values for the index's snapshot, and back.
import type { CompactText } from './search-text.ts';

export interface Entry extends CompactText {
  id: string;
  stamp: string;
  title: string;
  category: string;
  slot: number;
  /** Its text is not read yet (`base` is empty). */
  pending?: true;
}

/** The articles as flat values (structured-clone friendly, typed arrays for the big parts). */
export interface EntriesSnapshot {
  ids: string[];
  stamps: string[];
  titles: string[];
  categories: string[];
  /** Per article, the fields of its CompactText (null where absent). */
  bases: string[];
  lowerAts: (Uint32Array | null)[];
  lowerChars: (string | null)[];
  originals: (string | null)[];
  diffAts: (Uint32Array | null)[];
  diffChars: (string | null)[];
}

/** `live` (every slot filled, in slot order) as flat values. */
export function flattenEntries(live: Entry[]): EntriesSnapshot {
  return {
    ids: live.map((e) => e.id),
    stamps: live.map((e) => e.stamp),
    titles: live.map((e) => e.title),
    categories: live.map((e) => e.category),
    bases: live.map((e) => e.base),
    lowerAts: live.map((e) => e.lowerAt ?? null),
    lowerChars: live.map((e) => e.lowerChars ?? null),
    originals: live.map((e) => e.text ?? null),
    diffAts: live.map((e) => e.diffAt ?? null),
    diffChars: live.map((e) => e.diffChars ?? null),
  };
}

/** The entries of a snapshot, slot by slot; a null `bases` entry is a text not read yet (pending). */
export function entriesOf(
  snap: Omit<EntriesSnapshot, 'bases'> & { bases: (string | null)[] },
): Entry[] {
  return snap.ids.map((id, slot) => {
    const entry: Entry = {
      id,
      stamp: snap.stamps[slot]!,
      title: snap.titles[slot]!,
      category: snap.categories[slot]!,
      slot,
      base: snap.bases[slot] ?? '',
    };
    if (snap.bases[slot] === null) entry.pending = true;
    const lowerAt = snap.lowerAts[slot];
    const lowerChars = snap.lowerChars[slot];
    if (lowerAt && typeof lowerChars === 'string') {
      entry.lowerAt = lowerAt;
      entry.lowerChars = lowerChars;
    }
    const original = snap.originals[slot];
    const diffAt = snap.diffAts[slot];
    const diffChars = snap.diffChars[slot];
    if (typeof original === 'string') entry.text = original;
    if (diffAt && typeof diffChars === 'string') {
      entry.diffAt = diffAt;
      entry.diffChars = diffChars;
    }
    return entry;
  });
}
