// Where article images live: in the database, so every instance behind a load balancer serves
// the same files. Two collections, both read and written by `_id` only (the one index FerretDB on
// SQLite has): `images` holds a picture's facts under its hash, `image_files` the bytes of each
// copy under its file name (`<hash>-<width>.<ext>`). The files are written before the facts, so
// facts that can be read always have their files; both writes are the same bytes for the same
// hash, so two instances storing one picture at once agree, and a retry is harmless.
import type mongoose from 'mongoose';
import { IMAGE_FILE_TYPES } from '@fw/contracts/images';
import type { EncodedFile, ImageMeta } from './image-encode.ts';

interface ImageDoc extends ImageMeta {
  _id: string;
  createdAt: Date;
}

interface ImageFileDoc {
  _id: string;
  type: string;
  data: Buffer | { buffer: ArrayBufferLike };
}

export interface StoredFile {
  type: string;
  data: Buffer;
}

/** Files kept in this instance's memory after a read, up to this many bytes in all. */
const MEMORY_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function imageStore(connection: mongoose.Connection) {
  const images = connection.collection<ImageDoc>('images');
  const files = connection.collection<ImageFileDoc>('image_files');
  return {
    async meta(hash: string): Promise<ImageMeta | null> {
      const doc = await images.findOne({ _id: hash });
      return doc ? { width: doc.width, height: doc.height, widths: doc.widths, fallback: doc.fallback } : null;
    },

    async save(hash: string, meta: ImageMeta, encoded: EncodedFile[]): Promise<void> {
      // One at a time: a 1600 px copy is a few hundred kilobytes, and the facts come last.
      for (const file of encoded) {
        await files.replaceOne(
          { _id: file.name },
          { type: IMAGE_FILE_TYPES[file.ext], data: file.data },
          { upsert: true },
        );
      }
      await images.replaceOne({ _id: hash }, { ...meta, createdAt: new Date() }, { upsert: true });
    },

    async file(name: string): Promise<StoredFile | null> {
      const doc = await files.findOne({ _id: name });
      if (!doc) return null;
      const data = Buffer.isBuffer(doc.data) ? doc.data : Buffer.from(doc.data.buffer);
      return { type: doc.type, data };
    },
  };
}
export type ImageStore = ReturnType<typeof imageStore>;

/**
 * Stored files never change (their name is their content), so an instance may keep the ones it
 * served in memory; the oldest read goes first when the cache is full.
 */
export function cachedFiles(store: ImageStore, maxBytes = MEMORY_CACHE_MAX_BYTES) {
  const kept = new Map<string, StoredFile>();
  let bytes = 0;
  return async function readFile(name: string): Promise<StoredFile | null> {
    const hit = kept.get(name);
    if (hit) {
      kept.delete(name);
      kept.set(name, hit);
      return hit;
    }
    const file = await store.file(name);
    if (!file || file.data.length > maxBytes) return file;
    kept.set(name, file);
    bytes += file.data.length;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= old.data.length;
    }
    return file;
  };
}
