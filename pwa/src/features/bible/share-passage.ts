// Share a passage: its words, its name and a link to it in the reader, through the device's share
// sheet where there is one; otherwise the same text is copied.
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';

export const PASSAGE_COPIED_MESSAGE = 'Passage copied. Paste it anywhere to share it.';

export async function sharePassage(title: string, text: string, path: string): Promise<void> {
  const url = new URL(path, window.location.origin).href;
  const data = { title, text: `${text} (${title})`, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(`${data.text}\n${url}`);
    notifySuccess(PASSAGE_COPIED_MESSAGE);
  } catch {
    notifyError(`Copying is not allowed here. The link is: ${url}`);
  }
}
