// Citations in stored text become links to the chapter reader, `/bible/<book>/<chapter>#v<verse>`
// (contracts/bible.ts), so the server's pages, the offline app and search all see the same links
// and no device runs the parser. Runs on HTML the sanitiser has already cleaned (one tag per
// `<…>`, text escaped), which is why a tag-and-text split is enough here.
import { parseOsis, scriptureHref, type TextCitation } from '@fw/contracts/bible';
import { citationsIn } from './citations.ts';

export interface LinkedHtml {
  html: string;
  /** The OSIS range of every citation, in order of first appearance, once each. */
  scripture: string[];
}

/** Inside these, text is not prose: links stay as the writer made them, code stays code. */
const NOT_PROSE = new Set(['a', 'pre', 'code']);
const TAG = /^<(\/?)([a-z0-9]+)/i;
/** A link this module made earlier: taken apart and found again, so a save is idempotent. */
const OUR_LINK = /^<a href="\/bible\/[^"]*"[^>]*>$/;

function linkText(text: string, citations: TextCitation[]): string {
  let out = '';
  let last = 0;
  for (const { at, end, osis } of citations) {
    const range = parseOsis(osis)!;
    out += `${text.slice(last, at)}<a href="${scriptureHref(range)}">${text.slice(at, end)}</a>`;
    last = end;
  }
  return out + text.slice(last);
}

export function linkScriptureHtml(html: string): LinkedHtml {
  const parts = html.split(/(<[^>]*>)/);
  // Our own earlier links unwrapped first, with the text around them joined back together.
  const plain: string[] = [];
  let unwrapping = 0;
  let depth = 0;
  for (const part of parts) {
    if (OUR_LINK.test(part)) {
      unwrapping += 1;
      depth = 0;
      continue;
    }
    if (unwrapping > 0 && /^<a[\s>]/i.test(part)) depth += 1;
    if (unwrapping > 0 && /^<\/a>$/i.test(part)) {
      if (depth === 0) {
        unwrapping -= 1;
        continue;
      }
      depth -= 1;
    }
    const previous = plain.length - 1;
    if (!part.startsWith('<') && previous >= 0 && !plain[previous]!.startsWith('<')) plain[previous] += part;
    else plain.push(part);
  }

  const scripture: string[] = [];
  const open: string[] = [];
  const out = plain.map((part) => {
    const tag = TAG.exec(part);
    if (tag) {
      const name = tag[2]!.toLowerCase();
      if (NOT_PROSE.has(name)) {
        const at = open.lastIndexOf(name);
        if (!tag[1]) open.push(name);
        else if (at >= 0) open.splice(at, 1);
      }
      return part;
    }
    if (open.length > 0 || part === '') return part;
    const citations = citationsIn(part);
    for (const { osis } of citations) if (!scripture.includes(osis)) scripture.push(osis);
    return citations.length ? linkText(part, citations) : part;
  });
  return { html: out.join(''), scripture };
}
