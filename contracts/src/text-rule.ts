// The one rule for free text a person sends (comments, articles, user names and emails, lessons),
// applied by the contracts' input schemas on the server and on the device alike. It refuses what
// no keyboard produces and what changes how other text looks or is stored:
// - control characters (C0 and DEL): invisible, and NUL ends strings in other programs; a
//   multi-line field keeps tab and line breaks (CR too, as part of CRLF);
// - lone UTF-16 surrogates: not text; the database stores them as U+FFFD, so what comes back
//   differs from what was sent (an identical retry would then look like someone else's edit);
// - in names and titles, the bidi embedding, override and isolate controls (U+202A–U+202E,
//   U+2066–U+2069): they reverse how the text after them reads, e.g. to disguise a name.
// Only input is checked: stored text is served as it is. No imports, so any screen may use it.

/** `line`: a name, title or email, one line. `multiline`: body text that may hold line breaks. */
export type TextKind = 'line' | 'multiline';

// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** With the `u` flag a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export const TEXT_RULE_MESSAGES = {
  LINE_BREAK: (label: string) => `${label} must be on one line (no line breaks or tabs)`,
  CONTROL: (label: string, char: string) => `${label} must not contain control characters (it contains ${codePoint(char)})`,
  LONE_SURROGATE: (label: string) =>
    `${label} contains a broken character (half of an emoji or other symbol): retype or paste it again`,
  BIDI: (label: string, char: string) =>
    `${label} must not contain text-direction override characters (it contains ${codePoint(char)})`,
} as const;

/** What is wrong with `value` as the field called `label`, or null when the rule allows it. */
export function textProblem(value: string, label: string, kind: TextKind): string | null {
  if (kind === 'line' && LINE_BREAK_OR_TAB.test(value)) return TEXT_RULE_MESSAGES.LINE_BREAK(label);
  const control = (kind === 'line' ? CONTROL_IN_LINE : CONTROL_IN_MULTILINE).exec(value);
  if (control) return TEXT_RULE_MESSAGES.CONTROL(label, control[0]);
  if (LONE_SURROGATE.test(value)) return TEXT_RULE_MESSAGES.LONE_SURROGATE(label);
  const bidi = kind === 'line' ? BIDI_CONTROL.exec(value) : null;
  if (bidi) return TEXT_RULE_MESSAGES.BIDI(label, bidi[0]);
  return null;
}
