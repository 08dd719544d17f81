// XML text for the feeds. Our documents are small and fixed in shape (an RSS channel, a URL set),
// so they are written as text with one escaping rule rather than through a builder library: every
// value that comes from content passes through xmlText(), which escapes the five markup
// characters and drops what XML 1.0 cannot carry at all (control characters, lone surrogates), so
// an article with a stray control character cannot make the whole feed unreadable.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Characters outside XML 1.0's Char production (a parser refuses the document for any of them). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text (or an attribute value) made safe inside an XML element. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `<name>text</name>` with the text escaped. */
export const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** RFC 822 date as RSS 2.0 wants it (`Tue, 24 Nov 2026 11:34:34 GMT`; GMT is one of its zones). */
export const rfc822 = (iso: string) => new Date(iso).toUTCString();
