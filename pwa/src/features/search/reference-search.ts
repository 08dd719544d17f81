// Search by reference, in the search worker: a query that is a Bible reference ("John 3:16",
// "Jn 3:16", "Psalm 83") also finds the articles citing any verse of it, with the citation as it
// is written in the article as the preview. The query is read first by the small reader of
// query-reference.ts (in the worker's own file, so it works offline on a device that never
// searched a reference online); other forms by the same reference parser the server uses (loaded
// by the worker on the first such query, never by the page). The articles' citations are the OSIS
// lists the server found (`scripture` on each summary).
import { parseOsis, rangeFromHref, rangesOverlap, type ScriptureRange } from '@fw/contracts/bible';
import { foldForSearch, htmlToText, searchPreview, type SearchPreview } from '@fw/contracts/text';
import { db } from '../../db/db.ts';
import { readReferences } from './query-reference.ts';

type Parser = { parse(text: string): { osis_and_indices(): { osis: string; indices: [number, number] }[] } };
let parser: Promise<Parser> | null = null;

function theParser(): Promise<Parser> {
  parser ??= Promise.all([
    import('bible-passage-reference-parser'),
    import('bible-passage-reference-parser/esm/lang/en.js'),
  ]).then(([{ bcv_parser }, english]) =>
    new bcv_parser(english).set_options({
      // Queries are typed in any case ("john 3:16"); a whole chapter is the chapter.
      case_sensitive: 'none',
      book_alone_strategy: 'ignore',
      consecutive_combination_strategy: 'combine',
      osis_compaction_strategy: 'bc',
    }) as unknown as Parser,
  );
  return parser;
}

/** The passages a query names, when the whole query is references; null for any other query. */
export async function referenceQuery(needle: string): Promise<ScriptureRange[] | null> {
  if (!/\d/.test(needle) || needle.length > 80) return null;
  const read = readReferences(needle);
  if (read) return read;
  let found: { osis: string; indices: [number, number] }[];
  try {
    found = (await theParser()).parse(needle).osis_and_indices();
  } catch (error) {
    // Offline before the parser was ever fetched: the query is answered as text alone.
    parser = null;
    console.warn('[search] the reference parser could not be loaded', error);
    return null;
  }
  if (found.length === 0) return null;
  // Only the references themselves, with separators between them: "john 3:16 love" is text.
  let rest = needle;
  for (const { indices } of [...found].reverse()) rest = rest.slice(0, indices[0]) + rest.slice(indices[1]);
  if (/[^\s,;.]/.test(rest)) return null;
  const ranges = found.flatMap(({ osis }) => osis.split(',').map(parseOsis));
  return ranges.every((r) => r !== null) ? (ranges as ScriptureRange[]) : null;
}

/** Each article's citations, read from the stored summaries once, then kept up to date. */
export class ArticleCitations {
  private byId: Map<string, ScriptureRange[]> | null = null;

  /** An article was (re)indexed: its citations as the server listed them. */
  set(id: string, scripture: string[] | undefined): void {
    if (!this.byId) return;
    const ranges = (scripture ?? []).map(parseOsis).filter((r): r is ScriptureRange => r !== null);
    if (ranges.length) this.byId.set(id, ranges);
    else this.byId.delete(id);
  }

  remove(id: string): void {
    this.byId?.delete(id);
  }

  /** True when the article cites a verse of any of `ranges`. */
  async cites(id: string, ranges: ScriptureRange[]): Promise<boolean> {
    if (!this.byId) {
      const byId = new Map<string, ScriptureRange[]>();
      this.byId = byId;
      for (const summary of await db.articles.toArray()) this.set(summary._id, summary.scripture);
    }
    return this.byId.get(id)?.some((cited) => ranges.some((asked) => rangesOverlap(cited, asked))) ?? false;
  }
}

/** The preview of an article found by reference: its first citation of the passage, in context. */
export async function citationPreview(id: string, ranges: ScriptureRange[]): Promise<SearchPreview | null> {
  const html = (await db.bodies.get(id))?.content ?? '';
  for (const [, href, inner] of html.matchAll(/<a href="(\/bible\/[^"]*)">(.*?)<\/a>/g)) {
    const cited = rangeFromHref(href!);
    if (!cited || !ranges.some((asked) => rangesOverlap(cited, asked))) continue;
    const text = htmlToText(html);
    return searchPreview(text, foldForSearch(htmlToText(inner!)), foldForSearch(text));
  }
  return null;
}
