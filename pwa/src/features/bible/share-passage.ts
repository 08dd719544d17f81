// Share a passage: its words, its name and a link to it in the reader, through the device's share
// sheet where there is one; otherwise the same text is copied.
import { shareOrCopy } from '../../components/ui/share-or-copy.ts';

const PASSAGE_COPIED_MESSAGE = 'Passage copied. Paste it anywhere to share it.';

export function sharePassage(title: string, text: string, path: string): Promise<void> {
  const url = new URL(path, window.location.origin).href;
  const words = `${text} (${title})`;
  return shareOrCopy({
    title,
    text: words,
    url,
    copy: `${words}\n${url}`,
    copied: PASSAGE_COPIED_MESSAGE,
  });
}
