// Anchoring: a highlight made on one version of an article finds its words on the next, read from
// real DOM (jsdom) the way the article page reads it.
import { describe, expect, it } from 'vitest';
import { findAnchor, findAnchors, makeAnchor, type TextQuote } from './anchor.ts';
import { rangeOfSpan, readDomText, spanOfRange } from '../../lib/dom-text.ts';

function body(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** Anchors the n-th (0-based) occurrence of `words` in the article's reading text. */
function anchorOn(html: string, words: string, n = 0): TextQuote {
  const { text } = readDomText(body(html));
  let at = -1;
  for (let i = 0; i <= n; i += 1) at = text.indexOf(words, at + 1);
  expect(at).toBeGreaterThanOrEqual(0);
  return makeAnchor(text, at, at + words.length)!;
}

/** What the anchor covers in another version of the article, or null. */
function resolveOn(html: string, quote: TextQuote): { words: string; before: string } | null {
  const { text } = readDomText(body(html));
  const span = findAnchor(text, quote);
  return span ? { words: text.slice(span.start, span.end), before: text.slice(Math.max(0, span.start - 12), span.start) } : null;
}

const TWICE =
  '<p>Love is patient. In the morning we read that love is kind.</p>' +
  '<p>Later, at the evening meal, the children said that love is kind too.</p>';

describe('anchoring a highlight', () => {
  it('tells apart the same words twice in one article, by their context', () => {
    const second = anchorOn(TWICE, 'love is kind', 1);
    const first = anchorOn(TWICE, 'love is kind', 0);
    expect(resolveOn(TWICE, second)).toEqual({ words: 'love is kind', before: 'n said that ' });
    expect(resolveOn(TWICE, first)).toEqual({ words: 'love is kind', before: 'e read that ' });
    // A paragraph added at the top moves both far from their old positions: context still decides.
    const edited = `<p>${'A new opening paragraph. '.repeat(20)}</p>${TWICE}`;
    expect(resolveOn(edited, second)?.before).toBe('n said that ');
    expect(resolveOn(edited, first)?.before).toBe('e read that ');
  });

  it('with the same words and the same context twice, keeps the one nearest its old place', () => {
    const html = '<p>Pray always. Pray always. Pray always.</p>';
    const quote = anchorOn(html, 'Pray always', 2);
    const span = findAnchor(readDomText(body(html)).text, quote)!;
    expect(span.start).toBe(quote.start);
  });

  it('re-attaches in an edited paragraph: words around it rewritten, text added before it', () => {
    const before = '<p>Families who read together grow together, and they remember what they read.</p>';
    const quote = anchorOn(before, 'grow together');
    const after =
      '<p>An added first paragraph.</p><p>Families that read the Bible together will grow together, and remember it.</p>';
    expect(resolveOn(after, quote)?.words).toBe('grow together');
  });

  it('finds nothing when the passage was deleted (the caller keeps it as an orphan)', () => {
    const before = '<p>Keep this.</p><p>This passage will be removed by the editor.</p><p>Keep that.</p>';
    const quote = anchorOn(before, 'will be removed');
    expect(resolveOn('<p>Keep this.</p><p>Keep that.</p>', quote)).toBeNull();
    // Nor does a partial match count: changed words inside the quote make it gone.
    expect(resolveOn('<p>This passage will now be removed.</p>', quote)).toBeNull();
  });

  it('ignores markup and spacing between words: bold, links, &nbsp; and paragraph breaks', () => {
    const plain = '<p>The quick brown fox jumps over the lazy dog.</p>';
    const quote = anchorOn(plain, 'brown fox jumps');
    const marked =
      '<p>The quick <b>brown</b>&nbsp;<a href="/bible/John/3#v16">fox</a>\n  <em>jumps</em> over the lazy dog.</p>';
    expect(resolveOn(marked, quote)?.words).toBe('brown fox jumps');

    // Text across two paragraphs reads with a space between them.
    const twoParagraphs = '<p>The end of one.</p><p>The start of the next.</p>';
    expect(readDomText(body(twoParagraphs)).text).toBe('The end of one. The start of the next.');
  });

  it('maps a selection across markup to the reading text and back to the same DOM text', () => {
    const root = body('<p>Read <a href="/bible/John/3#v16">John 3:16</a> with <b>your family</b> tonight.</p>');
    document.body.append(root);
    const link = root.querySelector('a')!.firstChild as Text;
    const bold = root.querySelector('b')!.firstChild as Text;
    const selection = document.createRange();
    selection.setStart(link, 5); // "3:16"
    selection.setEnd(bold, 4); // "your"
    const dom = readDomText(root);
    const span = spanOfRange(dom, root, selection)!;
    expect(dom.text.slice(span.start, span.end)).toBe('3:16 with your');
    expect(rangeOfSpan(dom, span)!.toString()).toBe('3:16 with your');
    // An element boundary (start of the <b>) maps to the first character after it.
    const atBold = document.createRange();
    atBold.setStart(root.querySelector('p')!, 3);
    atBold.setEnd(bold, 4);
    const boldSpan = spanOfRange(dom, root, atBold)!;
    expect(dom.text.slice(boldSpan.start, boldSpan.end)).toBe('your');
    root.remove();
  });

  it('anchors many moved highlights at once (through an index of the text) as it anchors each alone', () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `<p>Line ${i % 50}: love is patient and kind, said child number ${i}.</p>`);
    const before = readDomText(body(paragraphs.join(''))).text;
    const quotes: TextQuote[] = [];
    for (let at = 0; at + 20 < before.length; at += 97) quotes.push(makeAnchor(before, at, at + 20)!);
    expect(quotes.length).toBeGreaterThan(32);
    // Edited: a paragraph added on top, one removed in the middle, so every quote moved or went.
    const after = readDomText(body(`<p>An opening added later.</p>${paragraphs.slice(0, 90).join('')}${paragraphs.slice(95).join('')}`)).text;
    const together = findAnchors(after, quotes);
    expect(together).toEqual(quotes.map((q) => findAnchor(after, q)));
    expect(together.filter(Boolean).length).toBeGreaterThan(quotes.length / 2);
    expect(together.some((span) => span === null)).toBe(true);
  });
});
