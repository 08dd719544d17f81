// The bulk of the saved search index, the word lists and the bodies' texts, as one file in the
// origin's private file system (OPFS), texts at one byte per character: read back several times
// faster than the same bytes from IndexedDB, and any article's text alone (TextReader), so the
// first search after a reload reads the word lists and the texts it shows, not all of them. Only texts whose characters all fit in a byte and decode back the
// same (not U+0080-U+009F, which the "latin1" decoder maps elsewhere) go to the file; the rest
// stay in IndexedDB's parts. Each save writes a new file (named in the saved copy's head), so
// a reader never sees a file half-written over the one it expects.
const FILE_PREFIX = 'search-texts-';

export interface TextFile {
  name: string;
  /** Per article, its text's length in the file (in order), or -1 when it is not in the file. */
  lengths: Int32Array;
  /** Entries of the word lists, stored first (4 bytes each). */
  postings: number;
}

/** Files of the origin, or an in-memory stand-in in tests. */
export interface FileStore {
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** The file's contents, read only where sliced. */
  open(name: string): Promise<Blob>;
  /** Deletes this module's files other than `name`. */
  removeAllBut(name: string): Promise<void>;
}

const fitsFile = (code: number) => code <= 0x7f || (code >= 0xa0 && code <= 0xff);

/** The file's bytes and what stays in IndexedDB (null where the text went to the file). */
export function packTexts(
  bases: string[],
  postings: Int32Array,
): {
  file: TextFile;
  bytes: Uint8Array;
  rest: (string | null)[];
} {
  const lengths = new Int32Array(bases.length).fill(-1);
  let total = 0;
  bases.forEach((base, n) => {
    for (let i = 0; i < base.length; i++) if (!fitsFile(base.charCodeAt(i))) return;
    lengths[n] = base.length;
    total += base.length;
  });
  const bytes = new Uint8Array(postings.byteLength + total);
  bytes.set(new Uint8Array(postings.buffer, postings.byteOffset, postings.byteLength));
  let at = postings.byteLength;
  bases.forEach((base, n) => {
    if (lengths[n]! < 0) return;
    for (let i = 0; i < base.length; i++) bytes[at + i] = base.charCodeAt(i);
    at += base.length;
  });
  const rest = bases.map((base, n) => (lengths[n]! < 0 ? base : null));
  const name = `${FILE_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return { file: { name, lengths, postings: postings.length }, bytes, rest };
}

/** Texts apart closer than this are read in one slice (one read costs more than a few KB). */
const GAP_READ_BYTES = 16 * 1024;

/** Reads the word lists and any article's text from a file packTexts made. */
export class TextReader {
  /** Per article, where its text starts in the file (-1: not in the file). */
  private readonly starts: Float64Array;
  private readonly postingsBytes: number;

  constructor(
    readonly file: TextFile,
    private readonly blob: Blob,
  ) {
    this.postingsBytes = file.postings * Int32Array.BYTES_PER_ELEMENT;
    this.starts = new Float64Array(file.lengths.length);
    let at = this.postingsBytes;
    file.lengths.forEach((length, n) => {
      this.starts[n] = length < 0 ? -1 : at;
      at += Math.max(length, 0);
    });
    if (blob.size !== at) throw new Error('search: the saved texts file does not match its index');
  }

  async postings(): Promise<Int32Array> {
    return new Int32Array(await this.blob.slice(0, this.postingsBytes).arrayBuffer());
  }

  /**
   * Parts of the word lists: for each [from, to) of entries, those entries (each its own array).
   * Parts closer than GAP_READ_BYTES are read in one slice: a query's words are often neighbours.
   */
  async lists(ranges: readonly (readonly [number, number])[]): Promise<Int32Array[]> {
    const bytes = Int32Array.BYTES_PER_ELEMENT;
    const gap = GAP_READ_BYTES / bytes;
    for (const [from, to] of ranges)
      if (from < 0 || to < from || to > this.file.postings)
        throw new Error('search: a word list outside the saved file was asked for');
    const order = ranges.map((_, n) => n).sort((a, b) => ranges[a]![0] - ranges[b]![0]);
    const groups: number[][] = [];
    let groupEnd = -Infinity;
    for (const n of order) {
      const [from, to] = ranges[n]!;
      if (groups.length && from - groupEnd <= gap) {
        groups.at(-1)!.push(n);
        groupEnd = Math.max(groupEnd, to);
      } else {
        groups.push([n]);
        groupEnd = to;
      }
    }
    const out: Int32Array[] = new Array<Int32Array>(ranges.length);
    await Promise.all(
      groups.map(async (group) => {
        let from = Infinity;
        let to = 0;
        for (const n of group) {
          from = Math.min(from, ranges[n]![0]);
          to = Math.max(to, ranges[n]![1]);
        }
        const all = new Int32Array(await this.blob.slice(from * bytes, to * bytes).arrayBuffer());
        for (const n of group) out[n] = all.slice(ranges[n]![0] - from, ranges[n]![1] - from);
      }),
    );
    return out;
  }

  /** The texts of articles `slots` (those in the file), by slot; neighbours are read together. */
  async read(slots: number[]): Promise<Map<number, string>> {
    const wanted = slots.filter((n) => this.starts[n]! >= 0).sort((a, b) => a - b);
    const ranges: number[][] = [];
    for (const n of wanted) {
      const last = ranges.at(-1);
      const lastEnd = last ? this.starts[last.at(-1)!]! + this.file.lengths[last.at(-1)!]! : -1;
      if (last && this.starts[n]! - lastEnd <= GAP_READ_BYTES) last.push(n);
      else ranges.push([n]);
    }
    const texts = new Map<number, string>();
    await Promise.all(
      ranges.map(async (range) => {
        const from = this.starts[range[0]!]!;
        const to = this.starts[range.at(-1)!]! + this.file.lengths[range.at(-1)!]!;
        const bytes = new Uint8Array(await this.blob.slice(from, to).arrayBuffer());
        // One decode, then slices of it: each text stays one byte per character, as saved.
        const all = new TextDecoder('latin1').decode(bytes);
        for (const n of range) {
          const start = this.starts[n]! - from;
          texts.set(n, all.slice(start, start + this.file.lengths[n]!));
        }
      }),
    );
    return texts;
  }
}

type Directory = FileSystemDirectoryHandle & { keys(): AsyncIterable<string> };
type SyncAccess = {
  truncate(size: number): void;
  write(data: Uint8Array, options: { at: number }): number;
  flush(): void;
  close(): void;
};

/** The origin's private file system, or null where there is none (Node, old browsers). */
export function originFiles(): FileStore | null {
  const storage = (globalThis as { navigator?: { storage?: StorageManager } }).navigator?.storage;
  if (typeof storage?.getDirectory !== 'function') return null;
  const directory = () => storage.getDirectory() as Promise<Directory>;
  return {
    async write(name, bytes) {
      const handle = await (await directory()).getFileHandle(name, { create: true });
      const sync = (handle as { createSyncAccessHandle?: () => Promise<SyncAccess> })
        .createSyncAccessHandle;
      if (sync) {
        // In a worker: synchronous writes, no copy through a stream.
        const access = await sync.call(handle);
        try {
          access.truncate(0);
          access.write(bytes, { at: 0 });
          access.flush();
        } finally {
          access.close();
        }
        return;
      }
      const writable = await handle.createWritable();
      await writable.write(bytes as Uint8Array<ArrayBuffer>);
      await writable.close();
    },
    async open(name) {
      const handle = await (await directory()).getFileHandle(name);
      return handle.getFile();
    },
    async removeAllBut(name) {
      const dir = await directory();
      const stale: string[] = [];
      for await (const key of dir.keys())
        if (key.startsWith(FILE_PREFIX) && key !== name) stale.push(key);
      for (const key of stale) await dir.removeEntry(key).catch(() => undefined);
    },
  };
}
