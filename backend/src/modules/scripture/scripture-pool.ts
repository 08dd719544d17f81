// Citation parsing off the event loop. The reference parser's cost grows with the text: about
// 4 ms per KB of prose and 15 ms per KB of a bare list of citations, so one article of 64 KB of
// "John 3:16, " held every reader for seconds when it ran on the server's one thread. Here it runs
// on a small pool of worker threads (citation-worker.mjs over src/thread-pool.ts):
// - Threads: one, or two on a machine with four cores or more; the event loop keeps a core.
// - Budget: one save's texts go in one job, which may run SCRIPTURE_PARSE_BUDGET_MS; past it the
//   thread is ended and the save refused (413) before anything is stored. An article's job is
//   its sanitising and size check too (article()), which also grow with the text.
// - Queue: SCRIPTURE_QUEUE_MAX saves wait at most; one more is answered 503 BUSY with
//   Retry-After. Small, so that a save's whole wait (the jobs before it, then its own) stays well
//   inside the request's deadline (app.ts's REQUEST_TIMEOUT_MS): a save answered 503 by that
//   deadline must not be stored later.
import os from 'node:os';
import type { TextCitation } from '@fw/contracts/bible';
import type { ScripturePoolOptions } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { JobOverBudget, threadPool } from '../../thread-pool.ts';
import { citationsFrom, type ParsedPassage } from './citations.ts';
import type { LinkedHtml } from './link-html.ts';
import type { ArticleTextAnswer } from '../articles/article-text.ts';


const DEFAULT_SCRIPTURE_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 2));
/** A few seconds: about 1 MB of prose, far past any real article, or 250 KB of bare citations. */
const SCRIPTURE_PARSE_BUDGET_MS = 4_000;
/** With the budget: (3 waiting + 1) x 4 s = 16 s, inside the 20 s request deadline. */
const SCRIPTURE_QUEUE_MAX = 3;
export const SCRIPTURE_BUSY_RETRY_AFTER_S = 5;

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

export const SCRIPTURE_MESSAGES = {
  BUSY: 'The server is busy linking the Bible citations of other saves. Please save again in a moment.',
  ARTICLE_TOO_MUCH: (budgetMs: number) =>
    `This article is too long or has too many Bible citations to link in one save (the server gives it ${seconds(budgetMs)} s). Nothing was saved. Split it into shorter articles, or cut long lists of citations.`,
  LESSON_TOO_MUCH: (budgetMs: number) =>
    `This lesson has too many Bible citations to link in one save (the server gives it ${seconds(budgetMs)} s). Nothing was saved. Shorten its texts or its lists of citations.`,
  LESSONS_TOO_MUCH: (budgetMs: number) =>
    `These lessons have too much text or too many Bible citations to link in one save (the server gives them ${seconds(budgetMs)} s). Nothing was saved. Import fewer lessons at a time, or shorten their texts.`,
} as const;

export interface ScripturePool {
  /**
   * The citations in each text, in order, with their offsets in it. Refused with 413 and
   * `tooMuch(budgetMs)` past the budget, and with 503 BUSY when the queue is full.
   */
  find(texts: readonly string[], tooMuch: (budgetMs: number) => string): Promise<TextCitation[][]>;
  /**
   * An article's HTML as sent, sanitised, size-checked and linked in one job
   * (articles/article-text.ts). Refused as that module refuses, with 413 and ARTICLE_TOO_MUCH
   * past the budget, and with 503 BUSY when the queue is full.
   */
  article(html: string): Promise<LinkedHtml>;
  /** Ends the threads; saves still waiting or running are refused. */
  close(): Promise<void>;
}

export function scripturePool({
  threads = DEFAULT_SCRIPTURE_THREADS,
  queueMax = SCRIPTURE_QUEUE_MAX,
  budgetMs = SCRIPTURE_PARSE_BUDGET_MS,
}: Partial<ScripturePoolOptions> = {}): ScripturePool {
  const pool = threadPool<readonly string[] | { article: string }, ParsedPassage[][] | ArticleTextAnswer>({
    name: 'citation',
    script: new URL('./citation-worker.mjs', import.meta.url),
    threads,
    queueMax,
    budgetMs,
    busyMessage: SCRIPTURE_MESSAGES.BUSY,
    busyRetryAfterS: SCRIPTURE_BUSY_RETRY_AFTER_S,
  });
  return {
    async find(texts, tooMuch) {
      // Nothing that could hold a citation (every form has a chapter number): no thread at all.
      if (!texts.some((text) => /\d/.test(text))) return texts.map(() => []);
      try {
        return ((await pool.run(texts)) as ParsedPassage[][]).map(citationsFrom);
      } catch (error) {
        if (error instanceof JobOverBudget) throw new HttpError('BODY_TOO_LARGE', tooMuch(error.budgetMs));
        throw error;
      }
    },
    async article(html) {
      let answer: ArticleTextAnswer;
      try {
        answer = (await pool.run({ article: html })) as ArticleTextAnswer;
      } catch (error) {
        if (error instanceof JobOverBudget) throw new HttpError('BODY_TOO_LARGE', SCRIPTURE_MESSAGES.ARTICLE_TOO_MUCH(error.budgetMs));
        throw error;
      }
      if ('refused' in answer) {
        const { code, message, body, headers } = answer.refused;
        throw new HttpError(code, message, body, headers);
      }
      return answer;
    },
    close: () => pool.close(),
  };
}
