// Finding Bible citations in text, once, on the server: the reference parser
// runs on worker threads (citation-worker.mjs, scripture-pool.ts); here its answers become
// citations. Its answers are OSIS ranges (contracts/bible.ts), which every other part reads.
import { parseOsis, type TextCitation } from '@fw/contracts/bible';

/** One passage as the parser reports it: OSIS text and its offsets in the text parsed. */
export interface ParsedPassage {
  osis: string;
  indices: [number, number];
}

/** The citations among what the parser found in one text, in order, with their offsets in it. */
export function citationsFrom(found: readonly ParsedPassage[]): TextCitation[] {
  const citations: TextCitation[] = [];
  for (const { osis, indices } of found) {
    // A comma-joined list the parser kept as one ("Isa.9.6,Isa.11.6"): its first passage only.
    const first = osis.split(',')[0]!;
    const range = parseOsis(first);
    if (!range || range.chapter > range.book.chapters) continue;
    citations.push({ at: indices[0], end: indices[1], osis: first });
  }
  return citations;
}
