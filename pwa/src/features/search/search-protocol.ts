// Messages between the page (search.ts) and the search worker (search.worker.ts): a call of one
// of the engine's methods by name, answered with its result or an error under the same id.
import type { SearchEngine } from './search-engine.ts';

export type EngineMethod = 'start' | 'search' | 'previews' | 'flush' | 'stats';

export interface EngineCall<M extends EngineMethod = EngineMethod> {
  id: number;
  method: M;
  args: Parameters<SearchEngine[M]>;
}

/** `ms`: how long the worker took, from the call's arrival to its answer (for the benchmark). */
export type EngineReply =
  { id: number; result: unknown; ms: number } | { id: number; error: string; ms: number };

/** Changes whenever an article does: a stale stamp means the index must re-read it. */
export const stampOf = (article: { version: number; updatedAt: string }): string =>
  `${article.version}|${article.updatedAt}`;
