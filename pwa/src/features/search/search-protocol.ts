// Messages between the page (search.ts) and the search worker (search.worker.ts): a call of one
// of the engine's methods by name, answered with its result or an error under the same id.
import type { SearchEngine } from './search-engine.ts';

export type EngineMethod = 'start' | 'search' | 'flush' | 'stats';

export interface EngineCall<M extends EngineMethod = EngineMethod> {
  id: number;
  method: M;
  args: Parameters<SearchEngine[M]>;
}

export type EngineReply = { id: number; result: unknown } | { id: number; error: string };

/** Changes whenever an article does: a stale stamp means the index must re-read it. */
export const stampOf = (article: { version: number; updatedAt: string }): string =>
  `${article.version}|${article.updatedAt}`;
