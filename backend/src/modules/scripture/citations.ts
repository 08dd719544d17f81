// Finding Bible citations in text, once, on the server (architecture.md): the reference parser
// (bible-passage-reference-parser, English) with the options this audience's writing needs. Its
// answers are OSIS ranges (contracts/bible.ts), which every other part reads.
import { bcv_parser } from 'bible-passage-reference-parser';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import { parseOsis, type TextCitation } from '@fw/contracts/bible';

let parser: bcv_parser | null = null;

function theParser(): bcv_parser {
  if (parser) return parser;
  parser = new bcv_parser(english).set_options({
    // "Job", "Acts", "Numbers" written as words are not books: a book counts only with a capital
    // letter and a chapter after it ("Job 1:1"), and "is 2" is never Isaiah 2.
    case_sensitive: 'books',
    book_alone_strategy: 'ignore',
    book_sequence_strategy: 'ignore',
    // "Psalm 37:10, 11" is one passage (10-11); a chapter written in full ("Ps 23:1-6") is "Ps.23".
    consecutive_combination_strategy: 'combine',
    sequence_combination_strategy: 'separate',
    osis_compaction_strategy: 'bc',
    invalid_passage_strategy: 'ignore',
    testaments: 'on',
  });
  return parser;
}

/** The citations in a piece of plain text, in order, with their offsets in it. */
export function citationsIn(text: string): TextCitation[] {
  if (!/\d/.test(text)) return [];
  const found = theParser().parse(text).osis_and_indices() as { osis: string; indices: [number, number] }[];
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
