// The rule for a new password, for the register form and the server alike. bcrypt reads only the
// first PASSWORD_MAX_BYTES bytes of a password in UTF-8, so a longer one would let in anyone who
// knows its start (36 × "é" and any ending at all): registration refuses it. Login does not, so
// accounts made before this rule keep working. No zod here, so the PWA imports it without the
// schema library.
import { LIMITS } from './limits.ts';

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${LIMITS.PASSWORD_MIN_CHARS} characters`;
export const PASSWORD_TOO_LONG_MESSAGE =
  `Password must be at most ${LIMITS.PASSWORD_MAX_BYTES} bytes: a plain letter, digit or sign is one, ` +
  'an accented letter two, an emoji four';

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Whether bcrypt would read all of `password`. */
export function passwordFitsBcrypt(password: string): boolean {
  // Every UTF-16 unit is at least one byte: a longer string is too long without counting.
  return password.length <= LIMITS.PASSWORD_MAX_BYTES && utf8ByteLength(password) <= LIMITS.PASSWORD_MAX_BYTES;
}

/** What is wrong with a new password, in the words the server answers; null when it is fine. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < LIMITS.PASSWORD_MIN_CHARS) return PASSWORD_TOO_SHORT_MESSAGE;
  return passwordFitsBcrypt(password) ? null : PASSWORD_TOO_LONG_MESSAGE;
}
