// One thread of the citation pool (scripture-pool.ts, over src/thread-pool.ts): the reference
// parser (bible-passage-reference-parser, English) run here, because its cost grows with the
// text (about 4 ms per KB of prose, 15 ms per KB of a list of citations) and a save must never
// hold the server's readers. The parser is built once per thread. A message is either
// - a list of texts (lessons, the start-up migration): the answer lists, per text, what the parser
//   found, `{ osis, indices }`, which citations.ts checks against the book list; or
// - `{ article }`, an article's HTML as sent: the answer is articles/article-text.ts's, the
//   sanitised and linked HTML with its citations, or the refusal.
// Plain JavaScript, so the thread starts the same under tsx, vitest or plain Node; tsx, registered
// for this thread alone, loads the sanitiser and the linking from their TypeScript sources.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { bcv_parser } from 'bible-passage-reference-parser';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';

register();
const { articleTextJob } = await import('../articles/article-text.ts');

const parser = new bcv_parser(english).set_options({
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

/** Text without a digit holds no citation (every form needs a chapter): no parse. */
const found = (text) =>
  /\d/.test(text) ? parser.parse(text).osis_and_indices().map(({ osis, indices }) => ({ osis, indices })) : [];

parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ result: Array.isArray(job) ? job.map(found) : articleTextJob(job.article, found) });
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
});
// One short article through the whole path first: the parser's, the sanitiser's and the linking's
// first calls set up their tables and get compiled, which is the thread's start, not a job's. On a
// loaded machine the first save on a thread that replaced a stopped one took past a 300 ms budget.
articleTextJob('<p>Read John 3:16 and Psalm 23.</p>', found);
// Warmed up: the pool's budget for a job starts now (src/thread-pool.ts).
parentPort.postMessage({ ready: true });
