// Article HTML is cleaned here, on the server, before it is stored: an allow-list of what the
// Quill 2 editor produces and nothing else. Whatever a client sends, what comes back out can be
// rendered as HTML by every reader without running anyone's script.
import sanitizeHtml from 'sanitize-html';
import { ordinarySpaces } from '@fw/contracts/spaces';
import { IMAGE_FILE_TYPES, parseImageUrl } from '@fw/contracts/images';
import { HttpError } from '../../errors.ts';
import { IMAGE_MESSAGES } from '../images/image-limits.ts';

/**
 * The link protocols the editor allows (pwa/src/features/admin-editor/editor-rules.ts); any other
 * link goes nowhere.
 */
const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
export const BLANK_HREF = 'about:blank';
export const EXTERNAL_LINK_REL = 'noopener noreferrer';
/** The editor embeds images as data URLs of these types only. */
export const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=\s]*$/;
const INDENT_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

const QUILL_CLASSES = [
  ...INDENT_LEVELS.map((level) => `ql-indent-${level}`),
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-direction-rtl',
];

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'span',
  'img',
  // The markup the server writes for its stored images (modules/images/image-html.ts).
  'picture',
  'source',
];

/** Characters browsers ignore inside a URL scheme, used to smuggle `java\tscript:` past checks. */
// eslint-disable-next-line no-control-regex
const IGNORED_URL_CHARS = /[\u0000-\u0020\u007f-\u009f]/g;

function linkScheme(href: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(IGNORED_URL_CHARS, ''));
  return match ? match[1]!.toLowerCase() : null;
}

/** A citation link to the chapter reader (scripture/link-html.ts): same origin, no script. */
const SCRIPTURE_HREF = /^\/bible\/[a-z0-9-]+\/\d+(?:#v[0-9:-]+)?$/;

/** Quill's rule: a link keeps its address only with an allowed protocol; http(s) opens apart. */
function safeLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = (attribs.href ?? '').trim();
  if (SCRIPTURE_HREF.test(href)) return { tagName, attribs: { href } };
  const scheme = linkScheme(href);
  const allowed = scheme !== null && (LINK_PROTOCOLS as readonly string[]).includes(scheme);
  if (!allowed) return { tagName, attribs: { href: BLANK_HREF } };
  if (scheme === 'http' || scheme === 'https') {
    return { tagName, attribs: { href, rel: EXTERNAL_LINK_REL, target: '_blank' } };
  }
  return { tagName, attribs: { href } };
}

/** Every address of a `srcset` is one of the server's stored images (its width descriptor too). */
function ourSrcset(srcset: string | undefined): boolean {
  if (srcset === undefined) return true;
  return srcset
    .split(',')
    .every((candidate) => /^\S+ [1-9][0-9]{0,3}w$/.test(candidate.trim()) && parseImageUrl(candidate.trim().split(' ')[0]!) !== null);
}

/** An image is a pasted data URL (stored on save) or one of the server's own image files. */
function allowedImage(attribs: Record<string, string>): boolean {
  const src = attribs.src ?? '';
  if (IMAGE_DATA_URL.test(src)) return attribs.srcset === undefined;
  return parseImageUrl(src) !== null && ourSrcset(attribs.srcset);
}

const SOURCE_TYPES: readonly string[] = Object.values(IMAGE_FILE_TYPES);
const allowedSource = (attribs: Record<string, string>) =>
  SOURCE_TYPES.includes(attribs.type ?? '') && attribs.srcset !== undefined && ourSrcset(attribs.srcset);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
    source: ['type', 'srcset', 'sizes'],
    li: ['data-list'],
    pre: ['data-language', 'spellcheck'],
    '*': ['class'],
  },
  allowedClasses: { '*': QUILL_CLASSES, pre: [...QUILL_CLASSES, 'ql-syntax'] },
  allowedSchemes: [...LINK_PROTOCOLS],
  // Relative addresses (our stored images) have no scheme and pass; allowedImage checks them.
  allowedSchemesByTag: { a: [...LINK_PROTOCOLS, 'about'], img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // `<source>` is a void element: written `<source … />` as the image markup writes it.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
  // The content of these is never text a reader should see, so it goes with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'svg',
    'math',
    'object',
    'template',
    'title',
  ],
  transformTags: { a: safeLink },
  textFilter: ordinarySpaces,
  parseStyleAttributes: false,
};

const DATA_URL = /^\s*data:([^;,]*)/i;

/** Stop, with `refusal()`, once the output's text alone is past `bytes` (images/stored-size.ts). */
export interface TextLimit {
  bytes: number;
  refusal(): Error;
}

/**
 * Cleans an article's HTML. A pasted picture (a `data:` image) is never dropped in silence: one
 * the site does not take (an SVG, a GIF, a PNG that is not base64) refuses the save, naming its
 * place among the article's pictures as the picture pipeline counts them (images/image-html.ts:
 * pasted ones and stored ones; an `<img>` of another site is dropped and not counted).
 * With `textLimit`, a body whose text is past it is refused part-way (pictures after that point
 * unchecked).
 */
export function sanitizeArticleHtml(html: string, textLimit?: TextLimit): string {
  let pictures = 0;
  let refused: HttpError | null = null;
  let textBytes = 0;
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    ...(textLimit && {
      // Every piece of text written stays in the output (only `<img>` and `<source>`, which hold
      // none, are taken out again), so its bytes are a floor of the output's text: past the
      // limit, the rest of the body need not be read. A picture refused before that point is
      // still the answer, as without the limit.
      textFilter(text: string) {
        const out = ordinarySpaces(text);
        textBytes += Buffer.byteLength(out, 'utf8');
        if (textBytes > textLimit.bytes) throw refused ?? textLimit.refusal();
        return out;
      },
    }),
    exclusiveFilter(frame) {
      if (frame.tag === 'source') return !allowedSource(frame.attribs);
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      const type = DATA_URL.exec(src)?.[1];
      if (type === undefined) {
        if (parseImageUrl(src) === null) return true;
        pictures += 1;
        return !allowedImage(frame.attribs);
      }
      pictures += 1;
      if (!refused && !IMAGE_DATA_URL.test(src)) {
        const taken = /^image\/(?:png|jpeg)$/i.test(type.trim());
        refused = new HttpError('INVALID_INPUT', taken ? IMAGE_MESSAGES.notImage(pictures) : IMAGE_MESSAGES.notTaken(pictures, type));
      }
      return !allowedImage(frame.attribs);
    },
  });
  if (refused) throw refused;
  return clean;
}
