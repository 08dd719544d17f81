// Citations in stored text become links to the chapter reader, `/bible/<book>/<chapter>#v<verse>`
// (contracts/bible.ts), so the server's pages, the offline app and search all see the same links
// and no device runs the parser. Runs on HTML the sanitiser has already cleaned (one tag per
// `<…>`, text escaped), which is why a tag-and-text split is enough here. The parser itself runs
// on the citation threads (scripture-pool.ts): one job per save, holding every stretch of prose;
// an article's save does all of this on a thread (articles/article-text.ts).
//
// A save is idempotent: a `/bible/` link holding only text is read as part of the prose around
// it, and when that text is exactly one citation the link is made again from it (so it follows
// an edit of the citation). Any other `/bible/` link is the writer's own ("this verse") and stays
// as written, and no citation is linked across it.
import { parseOsis, scriptureHref, type TextCitation } from '@fw/contracts/bible';
import { decodeHtmlText, type DecodedText } from './html-text.ts';
import { SCRIPTURE_MESSAGES, type ScripturePool } from './scripture-pool.ts';

export interface LinkedHtml {
  html: string;
  /** The OSIS range of every citation, in order of first appearance, once each. */
  scripture: string[];
}

/** Inside these, text is not prose: links stay as the writer made them, code stays code. */
const NOT_PROSE = new Set(['a', 'pre', 'code']);
const TAG = /^<(\/?)([a-z0-9]+)/i;
/** A link to the reader (the sanitiser leaves such a link only its href). */
const BIBLE_LINK = /^<a href="\/bible\/[^"]*"[^>]*>$/;
const LINK_END = /^<\/a>$/i;

/** Text, or the text of a `/bible/` link (`open` is its tag). */
interface Piece {
  raw: string;
  open?: string;
}

/** Prose between two other tags: what the parser reads as one text. */
interface Run {
  pieces: Piece[];
}

function segmentsOf(html: string): (string | Run)[] {
  // With its capturing group, the split alternates text (even places) and tags (odd places).
  const parts = html.split(/(<[^>]*>)/);
  const segments: (string | Run)[] = [];
  const open: string[] = [];
  let run: Run | null = null;
  const addToRun = (piece: Piece) => {
    if (!run) segments.push((run = { pieces: [] }));
    run.pieces.push(piece);
  };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const prose = open.length === 0;
    if (i % 2 === 0) {
      if (!prose) segments.push(part);
      else if (part !== '') addToRun({ raw: part });
      continue;
    }
    if (prose && BIBLE_LINK.test(part) && LINK_END.test(parts[i + 2] ?? '')) {
      addToRun({ raw: parts[i + 1]!, open: part });
      i += 2;
      continue;
    }
    run = null;
    const tag = TAG.exec(part);
    const name = tag?.[2]!.toLowerCase();
    if (name && NOT_PROSE.has(name)) {
      const at = open.lastIndexOf(name);
      if (!tag![1]) open.push(name);
      else if (at >= 0) open.splice(at, 1);
    }
    segments.push(part);
  }
  return segments;
}

/** The raw text `raw[from, to)` with each citation in it made a link. */
function linkText(raw: string, from: number, to: number, citations: TextCitation[], decoded: DecodedText): string {
  let out = '';
  let last = from;
  for (const { at, end, osis } of citations) {
    const start = decoded.toRaw(at);
    const stop = decoded.toRaw(end);
    out += `${raw.slice(last, start)}<a href="${scriptureHref(parseOsis(osis)!)}">${raw.slice(start, stop)}</a>`;
    last = stop;
  }
  return out + raw.slice(last, to);
}

function linkRun(run: Run, decoded: DecodedText, citations: TextCitation[], scripture: Set<string>): string {
  const raw = run.pieces.map((p) => p.raw).join('');
  let rawAt = 0;
  const spans = run.pieces.map((piece) => {
    const rawStart = rawAt;
    rawAt += piece.raw.length;
    return { ...piece, rawStart, rawEnd: rawAt, at: decoded.fromRaw(rawStart), end: decoded.fromRaw(rawAt) };
  });
  // Linear, both lists being in text order: a save may hold many thousands of each.
  const exact = new Set(citations.map((c) => `${c.at}:${c.end}`));
  const kept = spans.filter((s) => s.open !== undefined && !exact.has(`${s.at}:${s.end}`));
  let k = 0;
  const used = citations.filter((c) => {
    while (k < kept.length && kept[k]!.end <= c.at) k++;
    return !(k < kept.length && kept[k]!.at < c.end);
  });
  for (const { osis } of used) scripture.add(osis);

  let out = '';
  let last = 0;
  let next = 0;
  const linkUpTo = (to: number) => {
    const inside: TextCitation[] = [];
    while (next < used.length && decoded.toRaw(used[next]!.end) <= to) inside.push(used[next++]!);
    out += linkText(raw, last, to, inside, decoded);
  };
  for (const link of kept) {
    linkUpTo(link.rawStart);
    out += `${link.open}${link.raw}</a>`;
    last = link.rawEnd;
  }
  linkUpTo(raw.length);
  return out;
}

/** The prose of `html` to look for citations in, and how to link what is found in it. */
function linking(html: string): { texts: string[]; link(found: readonly TextCitation[][]): LinkedHtml } {
  const segments = segmentsOf(html);
  const runs = segments.filter((s): s is Run => typeof s !== 'string');
  // A run with no digit holds no citation (every form has a chapter number; a numeric entity is
  // written with digits too): it is neither decoded nor read, and goes out as it came. An article
  // of megabytes is hundreds of thousands of runs, so this is most of them.
  const decoded = runs.map((run) => {
    const raw = run.pieces.map((p) => p.raw).join('');
    return /\d/.test(raw) ? decodeHtmlText(raw) : null;
  });
  return {
    texts: decoded.map((d) => d?.text ?? ''),
    link(found) {
      const scripture = new Set<string>();
      let r = 0;
      const out = segments.map((segment) => {
        if (typeof segment === 'string') return segment;
        const i = r++;
        const citations = found[i]!;
        // No citation: every `/bible/` link in it is the writer's own and stays, so the run is unchanged.
        if (citations.length === 0) return segment.pieces.map((p) => (p.open === undefined ? p.raw : `${p.open}${p.raw}</a>`)).join('');
        return linkRun(segment, decoded[i]!, citations, scripture);
      });
      return { html: out.join(''), scripture: [...scripture] };
    },
  };
}

/** On a citation thread (articles/article-text.ts): `find` is the parser itself. */
export function linkScriptureHtmlWith(html: string, find: (texts: string[]) => TextCitation[][]): LinkedHtml {
  const { texts, link } = linking(html);
  return link(find(texts));
}

/** Off a citation thread (the start-up migration): the parsing goes to the pool. */
export async function linkScriptureHtml(html: string, pool: ScripturePool): Promise<LinkedHtml> {
  const { texts, link } = linking(html);
  return link(await pool.find(texts, SCRIPTURE_MESSAGES.ARTICLE_TOO_MUCH));
}
