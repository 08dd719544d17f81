// Share an article: the device's own share sheet (Web Share API) where there is one, otherwise the
// link is copied and a toast says so. The link opens the article for someone who never visited.
import { ShareIcon } from '../../components/ui/icons.tsx';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
import styles from './ReaderActions.module.css';

export const LINK_COPIED_MESSAGE = 'Link copied. Paste it anywhere to share this article.';

export function articleUrl(id: string): string {
  return new URL(paths.article(id), window.location.origin).href;
}

async function share(article: { _id: string; title: string; subtitle: string }): Promise<void> {
  const url = articleUrl(article._id);
  const data = { title: article.title, text: article.subtitle, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(LINK_COPIED_MESSAGE);
  } catch {
    notifyError(`Copying is not allowed here. The link is: ${url}`);
  }
}

export function ShareButton({ article }: { article: { _id: string; title: string; subtitle: string } }) {
  return (
    <button type="button" className={styles.action} onClick={() => void share(article)}>
      <ShareIcon />
      <span>Share</span>
    </button>
  );
}
