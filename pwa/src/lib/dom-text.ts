// An article's (or lesson's) reading text read from its DOM: its text with every run of white
// space, and each break between blocks, as one space (what highlights anchor to and what is read
// aloud). Then the way back: from a selection to offsets in that text, and from offsets to DOM
// ranges (what highlights and the sentence read aloud are drawn with).
export interface TextSpan {
  start: number;
  end: number;
}

const SPACE = /[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

function isSpace(char: string): boolean {
  // Most characters are printable ASCII: no pattern test for them (this runs once per character).
  const code = char.charCodeAt(0);
  if (code > 0x20 && code < 0x7f) return false;
  return SPACE.test(char);
}

/** Controls drawn inside reading text (the chapter reader's verse tools) carry it: not text to read or anchor. */
const NOT_TEXT_ATTR = 'data-not-text';

const notText = {
  acceptNode: (node: Node) => (node.parentElement?.closest(`[${NOT_TEXT_ATTR}]`) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
};

export interface DomText {
  /** The reading text: each run of white space, and each break between blocks, as one space. */
  text: string;
  nodes: Text[];
  /** For each character of `text`: its text node (index into `nodes`) and offset there. */
  nodeAt: Int32Array;
  offsetAt: Int32Array;
  /** Positions in `text` where a new block (paragraph, heading, list item) starts. */
  breaks: number[];
}

const BLOCKS = new Set([
  'P', 'DIV', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TD', 'TH', 'TR',
  'TABLE', 'SECTION', 'ARTICLE', 'FIGURE', 'FIGCAPTION', 'HR', 'BR',
]);

function blockOf(node: Node, root: Node): Node {
  for (let n = node.parentNode; n && n !== root; n = n.parentNode) {
    if (BLOCKS.has(n.nodeName)) return n;
  }
  return root;
}

export function readDomText(root: HTMLElement): DomText {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, root.querySelector(`[${NOT_TEXT_ATTR}]`) ? notText : null);
  const nodes: Text[] = [];
  const chars: string[] = [];
  const nodeAt: number[] = [];
  const offsetAt: number[] = [];
  const breaks: number[] = [];
  let space = true;
  let block: Node | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const index = nodes.push(node) - 1;
    const nodeBlock = blockOf(node, root);
    if (nodeBlock !== block) {
      // A new paragraph (or list item) is a word break even where the HTML has no space.
      if (!space && /\S/.test(node.data)) {
        chars.push(' ');
        nodeAt.push(index);
        offsetAt.push(0);
        space = true;
      }
      if (chars.length && /\S/.test(node.data)) breaks.push(chars.length);
      block = nodeBlock;
    }
    const data = node.data;
    for (let i = 0; i < data.length; i += 1) {
      const char = data[i]!;
      if (isSpace(char)) {
        if (space) continue;
        chars.push(' ');
        space = true;
      } else {
        chars.push(char);
        space = false;
      }
      nodeAt.push(index);
      offsetAt.push(i);
    }
  }
  return { text: chars.join(''), nodes, nodeAt: Int32Array.from(nodeAt), offsetAt: Int32Array.from(offsetAt), breaks };
}

/** The first reading-text position at or after (node index, offset). */
function lowerBound(dom: DomText, node: number, offset: number): number {
  let lo = 0;
  let hi = dom.text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const n = dom.nodeAt[mid]!;
    if (n < node || (n === node && dom.offsetAt[mid]! < offset)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A DOM boundary point as a reading-text position. */
function positionOf(dom: DomText, container: Node, offset: number): number {
  if (container.nodeType === Node.TEXT_NODE) {
    const index = dom.nodes.indexOf(container as Text);
    if (index >= 0) return lowerBound(dom, index, offset);
  }
  // An element boundary: the first text node that starts at or after it.
  const point = container.ownerDocument!.createRange();
  point.setStart(container, offset);
  let lo = 0;
  let hi = dom.nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (point.comparePoint(dom.nodes[mid]!, 0) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < dom.nodes.length ? lowerBound(dom, lo, 0) : dom.text.length;
}

/** The span of a DOM range inside `root`, or null when the range is not in it. */
export function spanOfRange(dom: DomText, root: HTMLElement, range: Range): TextSpan | null {
  if (!root.contains(range.commonAncestorContainer)) return null;
  const start = positionOf(dom, range.startContainer, range.startOffset);
  const end = positionOf(dom, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** A DOM range for a span of the reading text (which starts and ends on a visible character). */
export function rangeOfSpan(dom: DomText, span: TextSpan): Range | null {
  if (span.end <= span.start || span.end > dom.text.length) return null;
  const range = dom.nodes[0]!.ownerDocument.createRange();
  range.setStart(dom.nodes[dom.nodeAt[span.start]!]!, dom.offsetAt[span.start]!);
  const last = span.end - 1;
  range.setEnd(dom.nodes[dom.nodeAt[last]!]!, dom.offsetAt[last]! + 1);
  return range;
}
