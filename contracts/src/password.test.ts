import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './admin.ts';
import { LIMITS } from './limits.ts';
import { PASSWORD_TOO_LONG_MESSAGE, newPasswordProblem, utf8ByteLength } from './password.ts';

const register = (password: string) => registerRequestSchema.safeParse({ name: 'Ann', email: 'ann@example.test', password });
const issues = (password: string) => register(password).error?.issues.map((i) => i.message) ?? [];

describe('utf8ByteLength', () => {
  it.each(['', 'plain', 'é', 'café', '€', '家族', '🙂', 'a🙂é€'])('counts %j as UTF-8 does', (text) => {
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });

  it('counts a lone surrogate as the 3 bytes of its replacement', () => {
    expect(utf8ByteLength('\ud83d')).toBe(3);
  });
});

describe('a new password: at most the 72 bytes bcrypt reads', () => {
  it.each([
    ['72 plain letters', 'a'.repeat(72)],
    ['36 accented letters', 'é'.repeat(36)],
    ['18 emoji', '🙂'.repeat(18)],
  ])('accepts %s (72 bytes)', (_label, password) => {
    expect(register(password).success).toBe(true);
    expect(newPasswordProblem(password)).toBeNull();
  });

  it.each([
    ['73 plain letters', 'a'.repeat(73)],
    ['36 accented letters and one more letter', `${'é'.repeat(36)}x`],
    ['18 emoji and one more letter', `${'🙂'.repeat(18)}x`],
    ['a megabyte', 'a'.repeat(1 << 20)],
  ])('refuses %s with a message that says the limit', (_label, password) => {
    expect(issues(password)).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
    expect(newPasswordProblem(password)).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(PASSWORD_TOO_LONG_MESSAGE).toContain(`${LIMITS.PASSWORD_MAX_BYTES} bytes`);
  });

  it('keeps the short-password message', () => {
    expect(issues('short')).toEqual([`Password must be at least ${LIMITS.PASSWORD_MIN_CHARS} characters`]);
    expect(newPasswordProblem('short')).toBe(issues('short')[0]);
  });

  it('leaves login alone: a password stored before the limit still logs in', () => {
    expect(loginRequestSchema.safeParse({ email: 'ann@example.test', password: 'é'.repeat(100) }).success).toBe(true);
  });
});
