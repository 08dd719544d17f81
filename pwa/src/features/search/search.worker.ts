// The search worker: owns the search index (search-engine.ts) off the page's thread. It starts
// loading its saved copy at once, follows the sync's announcements, and answers the page's calls.
import { onArticleChanges } from '../../sync/article-changes.ts';
import { SearchEngine } from './search-engine.ts';
import {
  transferablesOf,
  type EngineCall,
  type EngineMethod,
  type EngineReply,
} from './search-protocol.ts';

const engine = new SearchEngine();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EngineCall>) => void) | null;
  postMessage: (reply: EngineReply, transfer: Transferable[]) => void;
};

onArticleChanges(({ changed, removed }) => void engine.articlesChanged(changed, removed));
void engine.start();

scope.onmessage = ({ data: { id, method, args } }) => {
  const started = performance.now();
  const call = engine[method as EngineMethod] as (...a: unknown[]) => Promise<unknown>;
  call.apply(engine, args).then(
    (result) =>
      scope.postMessage({ id, result, ms: performance.now() - started }, transferablesOf(result)),
    (error: unknown) =>
      scope.postMessage({ id, error: String(error), ms: performance.now() - started }, []),
  );
};
