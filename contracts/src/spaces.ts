// Quill 2's getSemanticHTML writes every space as `&nbsp;`: stored that
// way, text never wraps on phones and search sees no spaces. The server cleans what it stores and
// the editor cleans the device's optimistic copy the same way, so both keep one rule. No imports,
// so the PWA's editor chunk stays small.

/** Every no-break space, decoded (U+00A0) or still written as the entity, made an ordinary one. */
export function ordinarySpaces(text: string): string {
  return text.replace(/\u00a0|&nbsp;/g, ' ');
}
