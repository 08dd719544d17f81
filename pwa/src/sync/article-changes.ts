// Which articles a sync stored or removed, announced on a BroadcastChannel to whoever keeps data
// derived from them (the search worker): a channel reaches workers and other tabs alike.
const ARTICLE_CHANGES_CHANNEL = 'fw-article-changes';

export interface ArticleChanges {
  changed: string[];
  removed: string[];
}

let channel: BroadcastChannel | undefined;

export function announceArticleChanges(changes: ArticleChanges): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(ARTICLE_CHANGES_CHANNEL);
  channel.postMessage(changes);
}

/** Calls `listener` with every announcement made elsewhere; returns the unsubscribe. */
export function onArticleChanges(listener: (changes: ArticleChanges) => void): () => void {
  const listening = new BroadcastChannel(ARTICLE_CHANGES_CHANNEL);
  listening.onmessage = (event: MessageEvent<ArticleChanges>) => listener(event.data);
  return () => listening.close();
}
