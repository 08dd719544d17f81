// A search's answer on the page: every hit as its place in the list searched (one Int32Array,
// moved from the worker, see search-protocol.ts) and the previews built so far. Cards (SearchHit
// objects) are made only for the hits the page shows: a common word is in thousands of articles,
// and an object per hit made on a phone's page thread cost more than a frame at 10,000 articles.
import type { SearchPreview } from '@fw/contracts/text';
import type { ArticleSummary } from '../../db/db.ts';

export interface SearchHit {
  article: ArticleSummary;
  /** null: it matched where no preview is cut (category); undefined: not built yet (withPreviews). */
  preview: SearchPreview | null | undefined;
}

export class SearchHits {
  /**
   * `places`: positions in `articles`, in list order. `previews[n]` is hit n's preview (undefined:
   * not built yet); past its end a hit's preview is `rest` (undefined, or null for a list that
   * was not searched).
   */
  private constructor(
    private readonly articles: readonly ArticleSummary[],
    private readonly places: Int32Array,
    private readonly previews: readonly (SearchPreview | null | undefined)[],
    private readonly rest: null | undefined,
  ) {}

  /** The hits of a search: `places` in `articles`, the first `previews.length` with previews. */
  static found(
    articles: readonly ArticleSummary[],
    places: Int32Array,
    previews: readonly (SearchPreview | null)[],
  ): SearchHits {
    if (previews.length > places.length) throw new Error('search: more previews than hits');
    for (const at of places)
      if (at < 0 || at >= articles.length) throw new Error(`search: hit ${at} is not in the list`);
    return new SearchHits(articles, places, previews, undefined);
  }

  /** Every article of `articles`, without previews (no query). */
  static unsearched(articles: readonly ArticleSummary[]): SearchHits {
    const places = new Int32Array(articles.length);
    for (let at = 0; at < places.length; at++) places[at] = at;
    return new SearchHits(articles, places, [], null);
  }

  get length(): number {
    return this.places.length;
  }

  /** The article of hit `n` (no card made). */
  article(n: number): ArticleSummary {
    const at = this.places[n];
    if (at === undefined) throw new RangeError(`search: no hit ${n}`);
    return this.articles[at]!;
  }

  /** Hits `from` to `to` (not included) as cards, made now; all of them without arguments. */
  slice(from = 0, to = this.length): SearchHit[] {
    const end = Math.min(to, this.length);
    const cards: SearchHit[] = [];
    for (let n = Math.max(from, 0); n < end; n++)
      cards.push({ article: this.article(n), preview: this.previewOf(n) });
    return cards;
  }

  /** Hits (among the first `count`) whose preview is not built yet. */
  missingPreviews(count: number): number[] {
    if (this.rest === null) return [];
    const missing: number[] = [];
    for (let n = 0; n < Math.min(count, this.length); n++)
      if (this.previewOf(n) === undefined) missing.push(n);
    return missing;
  }

  /** The same hits with the previews of hits `ns` given (`previews[k]` is hit `ns[k]`'s). */
  withPreviews(ns: readonly number[], previews: readonly (SearchPreview | null)[]): SearchHits {
    const next = this.previews.slice();
    ns.forEach((n, k) => {
      if (n >= this.length) throw new RangeError(`search: no hit ${n}`);
      while (next.length < n) next.push(undefined);
      next[n] = previews[k]!;
    });
    return new SearchHits(this.articles, this.places, next, this.rest);
  }

  private previewOf(n: number): SearchPreview | null | undefined {
    return n < this.previews.length ? this.previews[n] : this.rest;
  }
}
