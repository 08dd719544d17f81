// The editor's rules (image types, link protocols, heading and indent levels) as plain constants
// (no Quill here), so the form, the editor set-up and the tests read the same numbers.
import { parseImageUrl } from '@fw/contracts/images';

/** The uploader takes these image types and embeds them inline as data URLs. */
export const EDITOR_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Links keep their address only with one of these protocols; anything else becomes about:blank. */
export const EDITOR_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
export const EDITOR_SANITIZED_URL = 'about:blank';
export const EDITOR_HEADER_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const EDITOR_HISTORY_MAX_STACK = 100;
export const EDITOR_HISTORY_DELAY_MS = 1000;

export const IMAGE_REFUSED_MESSAGE = 'Only PNG and JPEG images can be added to an article.';

/**
 * An image the editor keeps: a png or jpeg data URL, or a picture the server already stored (an
 * article loaded for editing holds those); the server drops any other image too.
 */
export function isAllowedImageSrc(src: string): boolean {
  return /^data:image\/(?:png|jpeg);base64,/i.test(src.trim()) || parseImageUrl(src.trim()) !== null;
}
