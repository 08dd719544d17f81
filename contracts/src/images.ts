// Article images as the server stores them (backend/src/modules/images/): one address per
// stored file, named by the hash of the source picture, its width and its format. The server's
// markup, the sanitiser and the device's offline copy of an article's images all read these
// addresses from here. No zod: the PWA imports this.

/** Every stored image file is served under this path. */
const IMAGE_PATH_PREFIX = '/api/images/';

/** The formats a stored file can have: WebP for every browser that reads it, the source's kind as fallback. */
export const IMAGE_FILE_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const;
export type ImageFileExt = keyof typeof IMAGE_FILE_TYPES;

/**
 * The widths kept, never wider than the source: a small one for phones, a middle one a phone with
 * a 2x screen picks for a full-width picture (375 px × 2 = 750 px), and a large one. Pictures
 * stored before the middle width have only the other two; markup lists the widths stored.
 */
export const IMAGE_WIDTHS_PX = { SMALL: 640, MEDIUM: 800, LARGE: 1600 } as const;

/** How wide an article's text column is drawn (pwa styles), for the browser's choice of file. */
export const IMAGE_SIZES = '(max-width: 760px) 100vw, 720px';

/** `<hash>-<width>.<ext>`: 32 hex characters of the source's SHA-256, the width in pixels. */
export const IMAGE_FILE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,3})\.(webp|jpg|png)$/;
const IMAGE_URL_IN_TEXT = /\/api\/images\/[0-9a-f]{32}-[1-9][0-9]{0,3}\.(?:webp|jpg|png)/g;

export function imageUrl(hash: string, width: number, ext: ImageFileExt): string {
  return `${IMAGE_PATH_PREFIX}${hash}-${width}.${ext}`;
}

/** The parts of one of our image addresses, or null for anything else. */
export function parseImageUrl(url: string): { hash: string; width: number; ext: ImageFileExt } | null {
  if (!url.startsWith(IMAGE_PATH_PREFIX)) return null;
  const match = IMAGE_FILE_NAME.exec(url.slice(IMAGE_PATH_PREFIX.length));
  return match ? { hash: match[1]!, width: Number(match[2]), ext: match[3] as ImageFileExt } : null;
}

/** Every stored-image address an article's HTML names, once each, in order. */
export function imageUrlsIn(html: string): string[] {
  return [...new Set(html.match(IMAGE_URL_IN_TEXT) ?? [])];
}
