// The image keeper: puts the pictures of the articles on the device into the service worker's
// cache (the same cache its CacheFirst route for stored images reads, vite.config.ts), so they
// show offline, and tells the page how many are kept. Off the page's thread: it reads every
// article body once per page load, then only the ones each sync announces.
import { onArticleChanges } from '../article-changes.ts';
import { ImageKeeper } from './keep-images.ts';

const keeper = new ImageKeeper((progress) => (self as unknown as Worker).postMessage(progress));
onArticleChanges((changes) => keeper.articlesChanged(changes));
self.onmessage = () => keeper.keep();
