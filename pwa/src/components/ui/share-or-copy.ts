// Share through the device's own share sheet (Web Share API) where there is one; otherwise copy
// the text and say so. Closing the share sheet is an answer, not a failure: nothing is said.
import { notifyError, notifySuccess } from './toast.tsx';

export interface Shared {
  title: string;
  /** Text the share sheet carries beside the link. */
  text: string;
  url: string;
  /** What goes on the clipboard when there is no share sheet. */
  copy: string;
  /** The toast once it is copied. */
  copied: string;
}

export async function shareOrCopy({ title, text, url, copy, copied }: Shared): Promise<void> {
  const data = { title, text, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(copy);
    notifySuccess(copied);
  } catch {
    notifyError(`Copying is not allowed here. The link is: ${url}`);
  }
}
