// The citation forms this site's writers use, and words that only look like books.
import { afterAll, describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { linkScriptureHtml as linkWith } from './link-html.ts';
import { scripturePool } from './scripture-pool.ts';

const pool = scripturePool({ threads: 1 });
afterAll(() => pool.close());
const citationsIn = async (text: string) => (await pool.find([text], () => 'too much'))[0]!;
const linkScriptureHtml = (html: string) => linkWith(html, pool);

/** Each form as written, and the passage and link it must become. */
const TABLE: [text: string, osis: string[], hrefs: string[]][] = [
  ['John 3:16', ['John.3.16'], ['/bible/john/3#v16']],
  ['John 3:16-18', ['John.3.16-John.3.18'], ['/bible/john/3#v16-18']],
  ['Joh 17:17', ['John.17.17'], ['/bible/john/17#v17']],
  ['2 Tim. 3:16, 17', ['2Tim.3.16-2Tim.3.17'], ['/bible/2-timothy/3#v16-17']],
  ['2Ti 3:16', ['2Tim.3.16'], ['/bible/2-timothy/3#v16']],
  ['Ps 83:18', ['Ps.83.18'], ['/bible/psalms/83#v18']],
  ['Psalm 37:10, 11, 29', ['Ps.37.10-Ps.37.11', 'Ps.37.29'], ['/bible/psalms/37#v10-11', '/bible/psalms/37#v29']],
  ['Mt 24:14', ['Matt.24.14'], ['/bible/matthew/24#v14']],
  ['Re 21:3, 4', ['Rev.21.3-Rev.21.4'], ['/bible/revelation/21#v3-4']],
  ['Rev. 21:3-5', ['Rev.21.3-Rev.21.5'], ['/bible/revelation/21#v3-5']],
  ['Ge 1:1', ['Gen.1.1'], ['/bible/genesis/1#v1']],
  ['1Co 13:4-7', ['1Cor.13.4-1Cor.13.7'], ['/bible/1-corinthians/13#v4-7']],
  ['1 Corinthians 13:4-7', ['1Cor.13.4-1Cor.13.7'], ['/bible/1-corinthians/13#v4-7']],
  ['Heb 4:12', ['Heb.4.12'], ['/bible/hebrews/4#v12']],
  ['Isaiah 9:6, 7; 11:6-9', ['Isa.9.6-Isa.9.7', 'Isa.11.6-Isa.11.9'], ['/bible/isaiah/9#v6-7', '/bible/isaiah/11#v6-9']],
  ['Luke 17:11-19', ['Luke.17.11-Luke.17.19'], ['/bible/luke/17#v11-19']],
  ['Psalm 23', ['Ps.23'], ['/bible/psalms/23']],
];

const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('finding citations', () => {
  it.each(TABLE)('%s', async (text, osis, hrefs) => {
    const sentence = `We read (${text}) together.`;
    expect((await citationsIn(sentence)).map((c) => c.osis)).toEqual(osis);
    const linked = await linkScriptureHtml(`<p>${sentence}</p>`);
    expect(linked.scripture).toEqual(osis);
    expect(hrefsOf(linked.html)).toEqual(hrefs);
    // The link covers the citation as written, and the text reads as before.
    expect(linked.html.replace(/<\/?a[^>]*>/g, '')).toBe(`<p>${sentence}</p>`);
  });

  it.each([
    'Job was a patient man, and the job was hard.',
    'Acts of kindness matter more than words.',
    'Numbers tell only part of the story.',
    'Mark my words: she is 2 steps ahead, and John said so in 2025.',
  ])('finds nothing in %j', async (text) => {
    expect(await citationsIn(text)).toEqual([]);
    expect(await linkScriptureHtml(`<p>${text}</p>`)).toEqual({ html: `<p>${text}</p>`, scripture: [] });
  });

  it('gives the offsets of each citation in the text', async () => {
    const text = 'Compare Job 1:1 with Numbers 6:24.';
    expect(await citationsIn(text)).toEqual([
      { at: 8, end: 15, osis: 'Job.1.1' },
      { at: 21, end: 33, osis: 'Num.6.24' },
    ]);
  });
});

describe('linking citations in article HTML', () => {
  it('leaves links, code and preformatted text alone, and lists each passage once', async () => {
    const html =
      '<p><a href="https://example.org" rel="noopener noreferrer" target="_blank">John 3:16</a> and John 3:16 and <strong>Heb 4:12</strong></p><pre class="ql-syntax">Ps 23</pre><p><code>Ge 1:1</code></p>';
    const linked = await linkScriptureHtml(html);
    expect(linked.html).toBe(
      '<p><a href="https://example.org" rel="noopener noreferrer" target="_blank">John 3:16</a> and <a href="/bible/john/3#v16">John 3:16</a> and <strong><a href="/bible/hebrews/4#v12">Heb 4:12</a></strong></p><pre class="ql-syntax">Ps 23</pre><p><code>Ge 1:1</code></p>',
    );
    expect(linked.scripture).toEqual(['John.3.16', 'Heb.4.12']);
  });

  it('is the same after a second save, and follows an edit of the citation', async () => {
    const once = await linkScriptureHtml(sanitizeArticleHtml('<p>Read John 3:16 today.</p>'));
    const twice = await linkScriptureHtml(sanitizeArticleHtml(once.html));
    expect(twice).toEqual(once);
    // The editor changed the text inside the old link: the link follows the text.
    const edited = once.html.replace('John 3:16', 'John 3:17');
    expect((await linkScriptureHtml(sanitizeArticleHtml(edited))).html).toBe('<p>Read <a href="/bible/john/3#v17">John 3:17</a> today.</p>');
  });

  it('never starts or ends a link inside an entity of the escaped text', async () => {
    for (const html of ['<p>John 3:16&amp;17</p>', '<p>Tom &amp; Jerry: John 3:16&amp;</p>', '<p>&lt;John 3:16&gt; and Ps 23&lt;b&gt;</p>']) {
      const linked = await linkScriptureHtml(sanitizeArticleHtml(html));
      expect(linked.scripture.length).toBeGreaterThan(0);
      // Every entity whole (no `&amp</a>;`, no `&<a …>amp;`), and the text reads as before.
      expect(linked.html).not.toMatch(/&[a-z0-9#]*</i);
      expect(linked.html.replace(/<\/?a[^>]*>/g, '')).toBe(sanitizeArticleHtml(html));
    }
    expect((await linkScriptureHtml('<p>John 3:16&amp;17</p>')).html).toBe('<p><a href="/bible/john/3#v16-17">John 3:16&amp;17</a></p>');
  });

  it("keeps a writer's own link to the reader whose text is not a citation, through a save and a re-save", async () => {
    const html = '<p>Read <a href="/bible/john/3#v16">this verse</a> and <a href="/bible/psalms/23">Psalm 23, the shepherd</a>, then John 3:16.</p>';
    const once = await linkScriptureHtml(sanitizeArticleHtml(html));
    expect(once.html).toBe(
      '<p>Read <a href="/bible/john/3#v16">this verse</a> and <a href="/bible/psalms/23">Psalm 23, the shepherd</a>, then <a href="/bible/john/3#v16">John 3:16</a>.</p>',
    );
    expect(once.scripture).toEqual(['John.3.16']);
    expect(await linkScriptureHtml(sanitizeArticleHtml(once.html))).toEqual(once);
    // A citation is never linked across the writer's link (no link inside a link).
    const around = await linkScriptureHtml('<p>John <a href="/bible/john/1">three</a> 3:16</p>');
    expect(around.html).toBe('<p>John <a href="/bible/john/1">three</a> 3:16</p>');
  });

  it('keeps reader links through the sanitiser but no other relative link or attribute', () => {
    expect(sanitizeArticleHtml('<p><a href="/bible/john/3#v16-18" onclick="x()">John 3:16-18</a></p>')).toBe(
      '<p><a href="/bible/john/3#v16-18">John 3:16-18</a></p>',
    );
    expect(sanitizeArticleHtml('<p><a href="/bible/john/3#v16&quot;onclick=x">x</a></p>')).toBe('<p><a href="about:blank">x</a></p>');
    expect(sanitizeArticleHtml('<p><a href="/admin">x</a></p>')).toBe('<p><a href="about:blank">x</a></p>');
  });
});
