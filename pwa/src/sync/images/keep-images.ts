// Which picture files the device's articles use, and keeping them in the Cache Storage cache the
// service worker serves them from. Pictures are stored by the server as WebP and a JPEG/PNG
// fallback at up to three widths (backend/src/modules/images); every browser this app runs in reads
// WebP, and which width it draws depends on the screen, so every WebP width is kept (the fallback is
// never drawn where WebP is read). Files no article uses any more are let go.
import { imageUrlsIn } from '@fw/contracts/images';
import type { ArticleBody } from '../../db/db.ts';
import { getMany, keysOf } from '../../db/worker-idb.ts';
import { isQuotaError } from '../../lib/storage.ts';
import type { ArticleChanges } from '../article-changes.ts';
import type { ImageProgress } from './progress.ts';

/** The service worker's runtime cache for stored images (vite.config.ts names it too). */
const ARTICLE_IMAGES_CACHE = 'article-images';
/** Bodies read per transaction on the first pass: the worker never holds the whole library. */
const READ_BATCH = 200;

const filesToKeep = (html: string) => imageUrlsIn(html).filter((url) => url.endsWith('.webp'));

export class ImageKeeper {
  /** Each article's picture files, from its body as stored on the device. */
  private byArticle = new Map<string, string[]>();
  private scanned = false;
  private running: Promise<void> = Promise.resolve();

  constructor(private report: (progress: ImageProgress) => void) {}

  /** Runs one pass after the one in progress (passes never overlap). */
  keep(): Promise<void> {
    this.running = this.running.then(() => this.pass()).catch((error: unknown) => console.warn('[images] keeping failed', error));
    return this.running;
  }

  articlesChanged({ changed, removed }: ArticleChanges): void {
    this.running = this.running
      .then(async () => {
        if (!this.scanned) return; // the first pass reads them anyway
        for (const id of removed) this.byArticle.delete(id);
        await this.read(changed);
      })
      .catch((error: unknown) => console.warn('[images] reading changes failed', error));
    void this.keep();
  }

  private async read(ids: string[]): Promise<void> {
    for (let from = 0; from < ids.length; from += READ_BATCH) {
      const batch = ids.slice(from, from + READ_BATCH);
      const bodies = await getMany<ArticleBody>('bodies', batch);
      batch.forEach((id, i) => {
        const files = bodies[i] ? filesToKeep(bodies[i].content) : [];
        if (files.length) this.byArticle.set(id, files);
        else this.byArticle.delete(id);
      });
    }
  }

  private async pass(): Promise<void> {
    if (!this.scanned) {
      await this.read(await keysOf('bodies'));
      this.scanned = true;
    }
    const needed = new Set([...this.byArticle.values()].flat());
    const cache = await caches.open(ARTICLE_IMAGES_CACHE);
    for (const request of await cache.keys()) {
      if (!needed.has(new URL(request.url).pathname)) await cache.delete(request);
    }
    let kept = 0;
    let bytes = 0;
    let missing = 0;
    let quotaFull = false;
    let stopped = false;
    const progress = () => ({ needed: needed.size, kept, bytes, missing, quotaFull });
    for (const url of needed) {
      let held = await cache.match(url);
      if (!held && !stopped) {
        try {
          const res = await fetch(url);
          if (res.ok) {
            await cache.put(url, res.clone());
            held = res;
          }
        } catch (error) {
          // Offline, or the store is full: the rest waits for the next sync.
          stopped = true;
          quotaFull = isQuotaError(error);
        }
      }
      if (held) {
        kept += 1;
        bytes += Number(held.headers.get('content-length') ?? 0);
      } else missing += 1;
      if ((kept + missing) % 10 === 0) this.report(progress());
    }
    this.report(progress());
  }
}
