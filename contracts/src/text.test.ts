import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  SEARCH_PREVIEW_CONTEXT_CHARS,
  foldForSearch,
  htmlToText,
  matchArticle,
  normaliseQuery,
  searchPreview,
} from './text.ts';

describe('htmlToText', () => {
  it('strips markup, decodes entities and keeps words apart', () => {
    expect(htmlToText('<h2>Grace</h2><p>the&nbsp;quick&nbsp;<b>brown</b> fox &amp; friends</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Grace. the quick brown fox & friends one two',
    );
  });
  it('closes a heading with a full stop unless it ends in punctuation, so a preview does not run it into the text', () => {
    expect(htmlToText('<h2>Why we pray</h2><p>Prayer is a gift.</p>')).toBe('Why we pray. Prayer is a gift.');
    expect(htmlToText('<h2>Why pray?</h2><p>x</p><h3>“Ask”</h3><p>y</p>')).toBe('Why pray? x “Ask” y');
    expect(htmlToText('<h2><strong>Bold</strong> </h2>\n<h3>Then 🙂</h3><p>x</p>')).toBe('Bold. Then 🙂. x');
    expect(htmlToText('<h2></h2><p>x</p><H1>End</H1>')).toBe('x End.');
    // A control character in the text is no heading's end.
    expect(htmlToText('<p>a\u0001b</p>')).toBe('ab');
  });
  it('drops script and style contents', () => {
    expect(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a b');
  });
});

describe('searchPreview', () => {
  const text = 'x'.repeat(100) + 'Needle' + 'y'.repeat(100);
  it(`shows ${SEARCH_PREVIEW_CONTEXT_CHARS} characters each side with ellipses where cut`, () => {
    const p = searchPreview(text, 'needle')!;
    expect(p.match).toBe('Needle');
    expect(p.before).toBe(ELLIPSIS + 'x'.repeat(SEARCH_PREVIEW_CONTEXT_CHARS));
    expect(p.after).toBe('y'.repeat(SEARCH_PREVIEW_CONTEXT_CHARS) + ELLIPSIS);
  });
  it('cuts at a word boundary within the context, never in the middle of a word', () => {
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
    const p = searchPreview(`${words} needle ${words}`, 'needle')!;
    expect(p.before.length - 1).toBeLessThanOrEqual(SEARCH_PREVIEW_CONTEXT_CHARS);
    expect(p.after.length - 1).toBeLessThanOrEqual(SEARCH_PREVIEW_CONTEXT_CHARS);
    expect(p.before).toBe(`${ELLIPSIS}gamma delta epsilon zeta eta theta iota kappa `);
    expect(p.after).toBe(` alpha beta gamma delta epsilon zeta eta theta${ELLIPSIS}`);
  });
  it('adds no ellipsis where nothing was cut', () => {
    expect(searchPreview('a needle b', 'needle')).toEqual({ before: 'a ', match: 'needle', after: ' b' });
  });
});

describe('matchArticle', () => {
  const item = { title: 'Courage in Trials', category: 'Spirit', text: 'Be strong and brave.', textLower: 'be strong and brave.' };
  it('matches the body case-insensitively with a preview', () => {
    expect(matchArticle(item, normaliseQuery('  STRONG '))).toMatchObject({ match: 'strong' });
  });
  it('matches the title and the category', () => {
    expect(matchArticle(item, 'courage')).toMatchObject({ match: 'Courage' });
    expect(matchArticle(item, 'spirit')).toBeNull();
  });
  it('refuses what is nowhere', () => {
    expect(matchArticle(item, 'dragon')).toBe(false);
  });
});

describe('htmlToText decodes every character reference', () => {
  it('decodes named references beyond the common few, written by hand', () => {
    expect(htmlToText('<p>caf&eacute; &Uuml;ber na&iuml;ve &copy; &euro;5 &frac12; &hellip;</p>')).toBe('café Über naïve © €5 ½ …');
    expect(htmlToText('<p>&alpha;&beta;&gamma; &rarr; &Omega;</p>')).toBe('αβγ → Ω');
  });
  it('decodes decimal and hexadecimal references, astral ones included', () => {
    expect(htmlToText('<p>&#233;t&#xE9; &#x1F642; &#8212;</p>')).toBe('été 🙂 —');
  });
  it('leaves text that only looks like a reference', () => {
    expect(htmlToText('<p>AT&amp;T &notareference; a & b</p>')).toBe('AT&T ¬areference; a & b');
    expect(htmlToText('<p>&madeupname; x</p>')).toBe('&madeupname; x');
  });
  it('turns a non-breaking space into a plain one', () => {
    expect(htmlToText('<p>one&nbsp;two&#160;three</p>')).toBe('one two three');
  });
});

describe('htmlToText and words split by markup', () => {
  it('joins a word cut by inline tags and keeps block-separated words apart', () => {
    expect(htmlToText('<p><b>Gen</b>tle <i>wo</i><em>rds</em></p>')).toBe('Gentle words');
    expect(htmlToText('<p>one</p><p>two</p><h2>three</h2>four<br>five<hr/>six<li>seven</li>')).toBe(
      'one two three. four five six seven',
    );
  });
});

describe('search compares in one Unicode form', () => {
  const decomposed = 'Cafe\u0301 au lait';
  it('gives text in composed form', () => {
    expect(htmlToText(`<p>${decomposed}</p>`)).toBe('Caf\u00e9 au lait');
    expect(htmlToText('<p>cafe&#x301;</p>')).toBe('caf\u00e9');
  });
  it('finds a decomposed word with a composed query and the reverse', () => {
    const text = htmlToText(`<p>${decomposed}</p>`);
    const item = { title: 'Mornings', category: 'Life', text, textLower: foldForSearch(text) };
    expect(matchArticle(item, normaliseQuery('CAFÉ'))).toEqual({ before: '', match: 'Café', after: ' au lait' });
    expect(matchArticle(item, normaliseQuery('cafe\u0301 au'))).toMatchObject({ match: 'Café au' });
    // Composed é is one letter: "cafe" alone is not in the text any more.
    expect(matchArticle(item, normaliseQuery('cafe'))).toBe(false);
  });
  it('matches titles and categories written in another form', () => {
    const item = { title: 'Nin\u0303o and Zoe\u0308', category: 'Fe\u0301', text: '', textLower: '' };
    expect(matchArticle(item, normaliseQuery('NIÑO'))).toEqual({ before: '', match: 'Niño', after: ' and Zoë' });
    expect(matchArticle(item, normaliseQuery('zoë'))).toMatchObject({ match: 'Zoë' });
    expect(matchArticle(item, normaliseQuery('fé'))).toBeNull();
  });
  it('folds queries to composed lower case', () => {
    expect(normaliseQuery('  E\u0301TE\u0301   Été ')).toBe('été été');
    expect(foldForSearch('A\u030a')).toBe('å');
  });
});
