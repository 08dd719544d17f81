// Drawing highlights as ranges: overlapping highlights cut into visible pieces (the newer on top),
// no text of the article changed, note markers added and taken out again, read from real DOM
// (jsdom) the way the article page reads it.
import { describe, expect, it } from 'vitest';
import { readDomText } from '../../lib/dom-text.ts';
import { addMarkers, MARKER_ATTR, MARKER_CLASS, rangesFor, removeMarkers, visiblePieces, type Paint } from './highlight-layer.ts';

function body(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('the highlight layer', () => {
  it('cuts overlapping spans into visible pieces, the later span on top', () => {
    expect(
      visiblePieces([
        { start: 0, end: 10 },
        null,
        { start: 5, end: 15 },
        { start: 20, end: 25 },
        { start: 1, end: 3 },
      ]),
    ).toEqual([
      { start: 0, end: 1, top: 0 },
      { start: 1, end: 3, top: 4 },
      { start: 3, end: 5, top: 0 },
      { start: 5, end: 15, top: 2 },
      { start: 20, end: 25, top: 3 },
    ]);
    // An older span inside a newer one is hidden; touching spans stay apart.
    expect(
      visiblePieces([
        { start: 4, end: 6 },
        { start: 0, end: 10 },
        { start: 10, end: 12 },
      ]),
    ).toEqual([
      { start: 0, end: 10, top: 1 },
      { start: 10, end: 12, top: 2 },
    ]);
  });

  it('draws overlapping highlights as ranges without touching the text; markers come and go', () => {
    const html = '<p>Read <a href="/x">John 3:16</a> with <b>your family</b> tonight.</p>';
    const root = body(html);
    const dom = readDomText(root);
    const at = (words: string) => ({ start: dom.text.indexOf(words), end: dom.text.indexOf(words) + words.length });
    const paints: Paint[] = [
      { id: 'a', color: 'yellow', span: at('John 3:16 with') },
      { id: 'b', color: 'blue', span: at('with your') },
      { id: 'c', color: 'pink', span: at('Read John') },
    ];
    const drawn = rangesFor(dom, paints);
    expect(root.innerHTML).toBe(html);
    expect(drawn.pieces.map((p) => [p.id, p.range.toString()])).toEqual([
      ['c', 'Read John'],
      ['a', ' 3:16 '],
      ['b', 'with your'],
    ]);
    expect(drawn.byColor.get('yellow')!.map(String)).toEqual([' 3:16 ']);
    expect(drawn.byColor.get('blue')!.map(String)).toEqual(['with your']);
    expect(drawn.byColor.get('pink')!.map(String)).toEqual(['Read John']);
    expect(drawn.byColor.get('green')).toEqual([]);
    expect(drawn.spans.get('a')!.toString()).toBe('John 3:16 with');

    // A note marker after each noted highlight's last word: after the link where it ends inside one.
    addMarkers(root, drawn, [
      { id: 'a', label: 'Your note on “John 3:16 with”' },
      { id: 'c', label: 'Your note on “Read John”' },
    ]);
    const markers = [...root.querySelectorAll(`button.${MARKER_CLASS}`)];
    expect(markers.map((m) => [m.getAttribute(MARKER_ATTR), m.getAttribute('aria-label'), m.previousSibling?.textContent])).toEqual([
      ['c', 'Your note on “Read John”', 'John 3:16'],
      ['a', 'Your note on “John 3:16 with”', ' with'],
    ]);
    expect(root.querySelector('a button')).toBeNull();
    expect(markers[1]!.nextSibling?.textContent).toBe(' ');
    // The ranges followed the text the markers split; the reading text is the same.
    expect(drawn.pieces.map((p) => p.range.toString())).toEqual(['Read John', ' 3:16 ', 'with your']);
    expect(drawn.spans.get('a')!.toString()).toBe('John 3:16 with');
    expect(readDomText(root).text).toBe(dom.text);
    removeMarkers(root);
    expect(root.innerHTML).toBe(html);
    root.remove();
  });

  it('draws hundreds of highlights without a change to the page: every range on its words', () => {
    const PARAGRAPHS = 200;
    const html = Array.from({ length: PARAGRAPHS }, (_, i) => `<p>Verse ${i}: love is <b>patient</b> and kind, number ${i}.</p>`).join('');
    const root = body(html);
    const dom = readDomText(root);
    const paints: Paint[] = [];
    for (let i = 0; i < PARAGRAPHS; i += 1) {
      for (const words of [`Verse ${i}: love is patient`, `kind, number ${i}.`]) {
        const start = dom.text.indexOf(words);
        paints.push({ id: `${i}:${words}`, color: 'green', span: { start, end: start + words.length } });
      }
    }
    const observer = new MutationObserver(() => {});
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    const drawn = rangesFor(dom, paints);
    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    expect(drawn.pieces.length).toBe(paints.length);
    for (const { id, range } of drawn.pieces) expect(range.toString()).toBe(id.slice(id.indexOf(':') + 1));
    root.remove();
  });
});
