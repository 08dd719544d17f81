// The Bible keeper: fetches, parses and stores Bible books (books.ts) off the page's thread, so a
// first visit's page stays responsive while 50 books arrive, and tells the page how far it got.
import { keepCitedBooks, keepWholeBible } from './books.ts';
import { getBibleProgress, subscribeBibleProgress } from './progress.ts';

export type KeeperTask = 'cited' | 'whole';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<KeeperTask>) => void) | null;
  postMessage: (message: unknown) => void;
};

subscribeBibleProgress(() => scope.postMessage(getBibleProgress()));

scope.onmessage = ({ data }) => {
  const task = data === 'whole' ? keepWholeBible() : keepCitedBooks();
  task.catch((error: unknown) => console.warn('[bible] keeping books failed', error));
};
