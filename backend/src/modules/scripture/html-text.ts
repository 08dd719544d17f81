// The text of sanitised HTML as a reader sees it, for the reference parser: `&amp;` is `&`.
// Offsets found in the decoded text map back to the escaped text, always onto an entity's edge,
// so a link made from them never starts or ends inside `&amp;` (link-html.ts).

const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Stands for what is not worth decoding (an unknown name, a character past one UTF-16 unit). */
const OTHER = '\ufffd';

/** One UTF-16 unit per entity, so every decoded offset is the edge of a whole raw entity. */
function decodeEntity(body: string): string {
  if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? OTHER;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return code > 0 && code <= 0xffff ? String.fromCharCode(code) : OTHER;
}

export interface DecodedText {
  text: string;
  /** The offset in the raw text of a decoded offset. */
  toRaw(offset: number): number;
  /** The decoded offset of a raw offset that is not inside an entity. */
  fromRaw(offset: number): number;
}

/** The last index whose value is at most `value` in an ascending list, or -1. */
function lastAtMost(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (list[mid]! <= value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export function decodeHtmlText(raw: string): DecodedText {
  // After each entity: its end in the decoded text and in the raw text, and how much longer the
  // raw text is by then.
  const decodedEnds: number[] = [];
  const rawEnds: number[] = [];
  const extra: number[] = [];
  let text = '';
  let last = 0;
  let longer = 0;
  for (const match of raw.matchAll(ENTITY)) {
    text += raw.slice(last, match.index) + decodeEntity(match[1]!);
    last = match.index + match[0].length;
    longer += match[0].length - 1;
    decodedEnds.push(text.length);
    rawEnds.push(last);
    extra.push(longer);
  }
  if (last === 0) return { text: raw, toRaw: (offset) => offset, fromRaw: (offset) => offset };
  text += raw.slice(last);
  return {
    text,
    toRaw(offset) {
      const k = lastAtMost(decodedEnds, offset);
      return offset + (k < 0 ? 0 : extra[k]!);
    },
    fromRaw(offset) {
      const k = lastAtMost(rawEnds, offset);
      return offset - (k < 0 ? 0 : extra[k]!);
    },
  };
}
