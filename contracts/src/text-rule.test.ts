import { describe, expect, it } from 'vitest';
import { TEXT_RULE_MESSAGES, textProblem } from './text-rule.ts';
import { addCommentRequestSchema, articleInputSchema, articleSchema } from './articles.ts';
import { loginRequestSchema, registerRequestSchema, userSchema } from './admin.ts';
import { commentSchema } from './comments.ts';
import { lessonInputSchema, lessonProblems, lessonSchema } from './schedule.ts';

const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';
const RLO = '\u202e';
const ISOLATE = '\u2067';

describe('textProblem', () => {
  it.each([
    ['ordinary words', 'Grace and peace'],
    ['accents and other scripts', 'Zoë, שָׁלוֹם, سلام, 平安'],
    ['an emoji (a surrogate pair)', 'Amen 🙏'],
    ['a right-to-left mark, which only marks', 'Name\u200f'],
  ])('allows %s on one line', (_name, value) => {
    expect(textProblem(value, 'Name', 'line')).toBeNull();
  });

  it.each([
    ['NUL', 'a\u0000b', TEXT_RULE_MESSAGES.CONTROL('Name', '\u0000')],
    ['an escape character', 'a\u001b[31m', TEXT_RULE_MESSAGES.CONTROL('Name', '\u001b')],
    ['DEL', 'a\u007f', TEXT_RULE_MESSAGES.CONTROL('Name', '\u007f')],
    ['a line break', 'a\nb', TEXT_RULE_MESSAGES.LINE_BREAK('Name')],
    ['a tab', 'a\tb', TEXT_RULE_MESSAGES.LINE_BREAK('Name')],
    ['a lone high surrogate', `a${LONE_HIGH}b`, TEXT_RULE_MESSAGES.LONE_SURROGATE('Name')],
    ['a lone low surrogate', `a${LONE_LOW}`, TEXT_RULE_MESSAGES.LONE_SURROGATE('Name')],
    ['a right-to-left override', `evil${RLO}gpj.exe`, TEXT_RULE_MESSAGES.BIDI('Name', RLO)],
    ['a left-to-right embedding', 'a\u202ab', TEXT_RULE_MESSAGES.BIDI('Name', '\u202a')],
    ['a right-to-left isolate', `a${ISOLATE}b`, TEXT_RULE_MESSAGES.BIDI('Name', ISOLATE)],
    ['a pop directional isolate', 'a\u2069', TEXT_RULE_MESSAGES.BIDI('Name', '\u2069')],
  ])('refuses %s on one line', (_name, value, message) => {
    expect(textProblem(value, 'Name', 'line')).toBe(message);
  });

  it('names the character it refuses', () => {
    expect(TEXT_RULE_MESSAGES.CONTROL('Name', '\u0000')).toBe('Name must not contain control characters (it contains U+0000)');
    expect(TEXT_RULE_MESSAGES.BIDI('Title', RLO)).toBe('Title must not contain text-direction override characters (it contains U+202E)');
  });

  it('keeps tabs, line breaks (LF and CRLF) and direction controls in multi-line text', () => {
    expect(textProblem('one\ttwo\nthree\r\nfour', 'Comment', 'multiline')).toBeNull();
    expect(textProblem(`quoted ${RLO}text`, 'Comment', 'multiline')).toBeNull();
  });

  it('refuses NUL, other controls and lone surrogates in multi-line text', () => {
    expect(textProblem('a\u0000', 'Comment', 'multiline')).toBe(TEXT_RULE_MESSAGES.CONTROL('Comment', '\u0000'));
    expect(textProblem('a\u000bb', 'Comment', 'multiline')).toBe(TEXT_RULE_MESSAGES.CONTROL('Comment', '\u000b'));
    expect(textProblem(`a${LONE_HIGH}`, 'Comment', 'multiline')).toBe(TEXT_RULE_MESSAGES.LONE_SURROGATE('Comment'));
  });
});

/** The first message a schema gives for `value`, or null when it accepts it. */
function firstMessage(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('every free-text input field follows the rule', () => {
  const comment = { article: 'a'.repeat(24), name: 'Ann', content: 'Hello' };
  const article = { title: 'T', subtitle: 'S', content: '<p>x</p>' };
  const user = { name: 'Ann', email: 'ann@example.test', password: 'long enough' };

  it.each([
    ['comment name', addCommentRequestSchema, { ...comment, name: `Ann${RLO}` }, TEXT_RULE_MESSAGES.BIDI('Name', RLO)],
    ['comment text', addCommentRequestSchema, { ...comment, content: 'a\u0000' }, TEXT_RULE_MESSAGES.CONTROL('Comment', '\u0000')],
    ['comment text', addCommentRequestSchema, { ...comment, content: `a${LONE_LOW}` }, TEXT_RULE_MESSAGES.LONE_SURROGATE('Comment')],
    ['article title', articleInputSchema, { ...article, title: `T${ISOLATE}` }, TEXT_RULE_MESSAGES.BIDI('Title', ISOLATE)],
    ['article subtitle', articleInputSchema, { ...article, subtitle: 'S\nS' }, TEXT_RULE_MESSAGES.LINE_BREAK('Subtitle')],
    ['article content', articleInputSchema, { ...article, content: '<p>\u0001</p>' }, TEXT_RULE_MESSAGES.CONTROL('content', '\u0001')],
    ['user name', registerRequestSchema, { ...user, name: 'A\u0007nn' }, TEXT_RULE_MESSAGES.CONTROL('Name', '\u0007')],
    ['user email', registerRequestSchema, { ...user, email: `ann${RLO}@example.test` }, TEXT_RULE_MESSAGES.BIDI('Email', RLO)],
    ['login email', loginRequestSchema, { email: 'ann\u0000@example.test', password: 'x' }, TEXT_RULE_MESSAGES.CONTROL('Email', '\u0000')],
  ])('%s', (_field, schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });

  it('accepts the same inputs without the bad characters, and multi-line text with line breaks', () => {
    expect(firstMessage(addCommentRequestSchema, { ...comment, content: 'line one\nline two' })).toBeNull();
    expect(firstMessage(articleInputSchema, { ...article, content: '<p>a</p>\n<p>b</p>' })).toBeNull();
    expect(firstMessage(registerRequestSchema, { ...user, name: 'Zoë Ölund' })).toBeNull();
  });

  it.each([
    ['title', { title: `T${RLO}` }, TEXT_RULE_MESSAGES.BIDI('Title', RLO)],
    ['title on two lines', { title: 'T\nU' }, TEXT_RULE_MESSAGES.LINE_BREAK('Title')],
    ['text', { title: 'T', text: 'a\u0000' }, TEXT_RULE_MESSAGES.CONTROL('Text', '\u0000')],
    ['text', { title: 'T', text: `a${LONE_HIGH}` }, TEXT_RULE_MESSAGES.LONE_SURROGATE('Text')],
    ['extra topic title', { title: 'T', extras: [{ title: `E${ISOLATE}` }] }, TEXT_RULE_MESSAGES.BIDI('Extra topic title', ISOLATE)],
    ['extra topic text', { title: 'T', extras: [{ title: 'E', text: 'a\u001f' }] }, TEXT_RULE_MESSAGES.CONTROL('Extra topic text', '\u001f')],
  ])('lesson %s', (_field, fields, message) => {
    expect(lessonProblems(lessonInputSchema, { date: '2030-01-04', ...fields })).toEqual([expect.stringContaining(message)]);
  });

  it('keeps line breaks in lesson text', () => {
    expect(lessonProblems(lessonInputSchema, { date: '2030-01-04', title: 'T', text: 'one\ntwo\r\nthree\tfour' })).toEqual([]);
  });

  it('applies to input only: stored text that breaks the rule still reads', () => {
    const odd = `odd${RLO}\u0000${LONE_HIGH}`;
    const at = new Date(0).toISOString();
    expect(articleSchema.safeParse({ _id: 'a'.repeat(24), title: odd, subtitle: odd, category: '', content: odd, isPublished: true, version: 1, createdAt: at, updatedAt: at }).success).toBe(true);
    expect(commentSchema.safeParse({ _id: 'a'.repeat(24), article: 'b'.repeat(24), name: odd, content: odd, createdAt: at, isApproved: true }).success).toBe(true);
    expect(userSchema.safeParse({ _id: 'a'.repeat(24), name: odd, email: odd, role: 'user', isApproved: true }).success).toBe(true);
    expect(lessonSchema.safeParse({ D: 'January 4, 2030', T: odd, R: odd }).success).toBe(true);
  });
});
