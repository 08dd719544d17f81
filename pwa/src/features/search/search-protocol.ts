// Messages between the page (search.ts) and the search worker (search.worker.ts): a call of one
// of the engine's methods by name, answered with its result or an error under the same id.
// It imports nothing: the engine (search-engine.ts) imports stampOf from here.

export type EngineMethod =
  'start' | 'search' | 'searchDevice' | 'countVerses' | 'previews' | 'flush' | 'stats';

export interface EngineCall<M extends EngineMethod = EngineMethod> {
  id: number;
  method: M;
  /** The arguments of SearchEngine[method], as structured clones. */
  args: unknown[];
}

/** `ms`: how long the worker took, from the call's arrival to its answer (for the benchmark). */
export type EngineReply =
  { id: number; result: unknown; ms: number } | { id: number; error: string; ms: number };

/**
 * The buffers of a result's typed arrays (its own fields, not nested deeper), to be moved with
 * the reply instead of copied: a search's hits are one Int32Array (search-engine.ts,
 * EngineAnswer). Each such array must own its buffer whole, or more than it would be moved.
 */
export function transferablesOf(result: unknown): ArrayBuffer[] {
  if (typeof result !== 'object' || result === null) return [];
  const buffers: ArrayBuffer[] = [];
  for (const value of Object.values(result))
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && !buffers.includes(value.buffer))
      buffers.push(value.buffer);
  return buffers;
}

/** Changes whenever an article does: a stale stamp means the index must re-read it. */
export const stampOf = (article: { version: number; updatedAt: string }): string =>
  `${article.version}|${article.updatedAt}`;
