// Messages between the page (search.ts) and the search worker (search.worker.ts): a call of one
// of the engine's methods by name, answered with its result or an error under the same id.
// It imports nothing: the engine (search-engine.ts) imports stampOf from here.

export type EngineMethod = 'start' | 'search' | 'previews' | 'flush' | 'stats';

export interface EngineCall<M extends EngineMethod = EngineMethod> {
  id: number;
  method: M;
  /** The arguments of SearchEngine[method], as structured clones. */
  args: unknown[];
}

/** `ms`: how long the worker took, from the call's arrival to its answer (for the benchmark). */
export type EngineReply =
  { id: number; result: unknown; ms: number } | { id: number; error: string; ms: number };

/** Changes whenever an article does: a stale stamp means the index must re-read it. */
export const stampOf = (article: { version: number; updatedAt: string }): string =>
  `${article.version}|${article.updatedAt}`;
