// An article's job on a citation thread (article-text.ts through scripture-pool.ts's article())
// makes exactly what the save made on the event loop (sanitised, then linked), and refuses with
// the same answers; text past the stored limit is refused part-way through the body.
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@fw/contracts/limits';
import { HttpError } from '../../errors.ts';
import { STORED_TOO_LARGE_MESSAGE } from '../images/stored-size.ts';
import { linkScriptureHtml } from '../scripture/link-html.ts';
import { scripturePool } from '../scripture/scripture-pool.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** What an editor (or someone else) may send: marks, links, entities, code, citations, pictures. */
const SAMPLE =
  '<h2 class="ql-align-center">Love&nbsp;is patient</h2>' +
  '<p onclick="x()">Read John 3:16 &amp; Rom 5:8, then <a href="/bible/john/3#v16">John 3:16</a> again.</p>' +
  '<p>A <a href="/bible/ps/23">verse I like</a>, <a href="https://example.org">a page</a>, ' +
  '<a href="java\tscript:alert(1)">a trap</a><script>alert(1)</script> and Ps 23:1&#8211;6.</p>' +
  `<pre class="ql-syntax">John 3:16 &lt;b&gt;</pre><p><img src="${PNG}" alt="dot"><img src="https://elsewhere/x.png"></p>`;

const refusalOf = async (saving: Promise<unknown>) => {
  const error = await saving.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, code, message } = error as HttpError;
  return { status, code, message };
};

describe('an article sanitised and linked on a citation thread', () => {
  const pool = scripturePool({ threads: 1, budgetMs: 60_000 });
  afterAll(() => pool.close());

  it('makes the same HTML and citations as sanitising here and then linking', async () => {
    // Long enough to be several runs of every kind, and past article-save.ts's 8 KB.
    const html = SAMPLE.repeat(40);
    const here = await linkScriptureHtml(sanitizeArticleHtml(html), pool);
    const there = await pool.article(html);
    expect(there).toEqual(here);
    expect(there.scripture).toEqual(['John.3.16', 'Rom.5.8', 'Ps.23']);
  });

  it('refuses a picture the site does not take as the sanitiser does (400, its place named)', async () => {
    const html = `<p>Two pictures</p><img src="${PNG}"><img src="${GIF}">`;
    const expected = await refusalOf(Promise.resolve().then(() => sanitizeArticleHtml(html)));
    expect(expected.status).toBe(400);
    expect(await refusalOf(pool.article(html))).toEqual(expected);
  });

  it('refuses text past the stored limit with 413, stopping before the rest of the body', async () => {
    const paragraph = '<p>Love is patient and kind.</p>';
    const text = paragraph.repeat(Math.ceil(LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / (paragraph.length - 7)) + 10);
    // The unsupported picture after the limit is never reached: the answer is the size's.
    expect(await refusalOf(pool.article(`${text}<img src="${GIF}">`))).toEqual({
      status: 413,
      code: 'BODY_TOO_LARGE',
      message: STORED_TOO_LARGE_MESSAGE,
    });
  }, 60_000);

  it('still answers 400 for an unsupported picture that comes before the text passes the limit', async () => {
    const paragraph = '<p>Love is patient and kind.</p>';
    const text = paragraph.repeat(Math.ceil(LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / (paragraph.length - 7)) + 10);
    const html = `<img src="${GIF}">${text}`;
    expect(await refusalOf(pool.article(html))).toEqual(await refusalOf(Promise.resolve().then(() => sanitizeArticleHtml(html))));
  }, 60_000);
});
