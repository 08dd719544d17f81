// Share an article: the device's own share sheet (Web Share API) where there is one, otherwise the
// link is copied and a toast says so. The link opens the article for someone who never visited.
import { ShareIcon } from '../../components/ui/icons.tsx';
import { shareOrCopy } from '../../components/ui/share-or-copy.ts';
import { paths } from '../../lib/paths.ts';
import styles from './ReaderActions.module.css';

const LINK_COPIED_MESSAGE = 'Link copied. Paste it anywhere to share this article.';

function articleUrl(id: string): string {
  return new URL(paths.article(id), window.location.origin).href;
}

function share(article: { _id: string; title: string; subtitle: string }): Promise<void> {
  const url = articleUrl(article._id);
  return shareOrCopy({
    title: article.title,
    text: article.subtitle,
    url,
    copy: url,
    copied: LINK_COPIED_MESSAGE,
  });
}

export function ShareButton({
  article,
}: {
  article: { _id: string; title: string; subtitle: string };
}) {
  return (
    <button type="button" className={styles.action} onClick={() => void share(article)}>
      <ShareIcon />
      <span>Share</span>
    </button>
  );
}
