import { describe, expect, it } from 'vitest';
import { ELLIPSIS, SEARCH_PREVIEW_CONTEXT_CHARS, htmlToText, matchArticle, normaliseQuery, searchPreview } from './text.ts';

describe('htmlToText', () => {
  it('strips markup, decodes entities and keeps words apart', () => {
    expect(htmlToText('<h2>Grace</h2><p>the&nbsp;quick&nbsp;<b>brown</b> fox &amp; friends</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Grace the quick brown fox & friends one two',
    );
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
