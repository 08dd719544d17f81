// The text rule (contracts/src/text-rule.ts) over HTTP, one kind of field at a time: comment
// name and text, article title, subtitle and content, user name and email, lesson title and text.
// A refused write answers 400 with the rule's message and stores nothing; text already stored
// keeps loading (the rule is for input).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_RULE_MESSAGES, newObjectId, type Lesson } from '@fw/contracts';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { articleInput, createArticle } from './content-fixtures.ts';

const RLO = '\u202e';
const LONE_HIGH = '\ud83d';

describe('the text rule on every kind of free-text field', () => {
  let app: TestApp;
  let admin: string;
  let articleId: string;

  /** How many documents each content collection holds, to show a refusal stored nothing. */
  async function counts() {
    const db = app.connection.db!;
    const names = ['articles', 'comments', 'users', 'lessons', 'lesson_dates'];
    return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await db.collection(n).countDocuments()])));
  }

  async function expectRefused(send: () => Promise<{ status: number; body: unknown }>, message: string) {
    const before = await counts();
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_INPUT', message });
    expect(await counts()).toEqual(before);
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
    articleId = (await createArticle(app, admin))._id;
  });
  afterAll(() => app.close());

  const comment = (body: Record<string, unknown>) =>
    app.request('POST', '/api/articles/add-comment', { body: { article: articleId, name: 'Ann', content: 'Hello', ...body } });
  const article = (input: Record<string, unknown>) =>
    app.request('POST', '/api/articles/add', { token: admin, body: { article: JSON.stringify(articleInput(input)) } });
  const register = (body: Record<string, unknown>) =>
    app.request('POST', '/api/admin/register', { body: { name: 'Ann', email: `ann-${newObjectId()}@example.test`, password: 'long enough 1', ...body } });
  const saveLesson = (lesson: Record<string, unknown>) => app.request<{ code?: string }>('POST', '/api/lessons/save', { token: admin, body: { lesson } });

  it('comment: a direction override in the name, NUL or a lone surrogate in the text', async () => {
    await expectRefused(() => comment({ name: `Ann${RLO}` }), TEXT_RULE_MESSAGES.BIDI('Name', RLO));
    await expectRefused(() => comment({ content: 'Hi\u0000there' }), TEXT_RULE_MESSAGES.CONTROL('Comment', '\u0000'));
    await expectRefused(() => comment({ content: `Hi ${LONE_HIGH}` }), TEXT_RULE_MESSAGES.LONE_SURROGATE('Comment'));
    expect((await comment({ content: 'Line one\nline two' })).status).toBe(201);
  });

  it('article: an override in the title, a line break in the subtitle, a control in the content', async () => {
    await expectRefused(() => article({ title: `T${RLO}` }), TEXT_RULE_MESSAGES.BIDI('Title', RLO));
    await expectRefused(() => article({ subtitle: 'S\nS' }), TEXT_RULE_MESSAGES.LINE_BREAK('Subtitle'));
    await expectRefused(() => article({ content: '<p>a\u0001</p>' }), TEXT_RULE_MESSAGES.CONTROL('content', '\u0001'));
    await expectRefused(() => article({ content: `<p>${LONE_HIGH}</p>` }), TEXT_RULE_MESSAGES.LONE_SURROGATE('content'));
  });

  it('user: a control in the name, an override in the email', async () => {
    await expectRefused(() => register({ name: 'A\u001bnn' }), TEXT_RULE_MESSAGES.CONTROL('Name', '\u001b'));
    await expectRefused(() => register({ email: `ann${RLO}@example.test` }), TEXT_RULE_MESSAGES.BIDI('Email', RLO));
  });

  it('lesson: an override in the title, a control in the text', async () => {
    await expectRefused(() => saveLesson({ date: '2030-01-04', title: `T${RLO}` }), TEXT_RULE_MESSAGES.BIDI('Title', RLO));
    await expectRefused(() => saveLesson({ date: '2030-01-04', title: 'T', text: 'a\u0000' }), TEXT_RULE_MESSAGES.CONTROL('Text', '\u0000'));
  });

  it('a lesson with a lone surrogate is refused up front, so its identical retry is no edit conflict', async () => {
    const lesson = { _id: newObjectId(), date: '2030-01-11', title: `Smile ${LONE_HIGH}` };
    for (let attempt = 0; attempt < 2; attempt++) {
      await expectRefused(() => saveLesson(lesson), TEXT_RULE_MESSAGES.LONE_SURROGATE('Title'));
    }
    const lessons = (await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule')).body.lessons;
    expect(lessons.some((l) => l._id === lesson._id)).toBe(false);
  });

  it('text stored before the rule still loads', async () => {
    await createUser(app, { name: `Old${RLO}name\u0001`, role: 'user', isApproved: false });
    const res = await app.request<{ users: { name: string }[] }>('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u) => u.name)).toContain(`Old${RLO}name\u0001`);
  });
});
