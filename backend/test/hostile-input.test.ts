// Bad input across the whole route table (contracts/src/routes.ts): over a thousand generated
// malformed or hostile requests (wrong types, `$` operators, huge strings, broken JSON, bad ids,
// missing, garbage, forged, expired and never-expiring tokens, text the text rule refuses). None
// may get a 5xx, none may hang, every refusal has the one error shape, and the data (every
// collection but the rate-limit and idempotency bookkeeping) is byte-for-byte what it was before.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, LIMITS, ROUTES, errorBodySchema, type RouteSpec } from '@fw/contracts';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { addComment, approveComment, createArticle } from './content-fixtures.ts';
import { recordFigure } from './figures.ts';
import { readModelOn } from '../src/modules/sync/read-model.ts';
import { STORED_TOO_LARGE_MESSAGE } from '../src/modules/images/image-html.ts';
import { IMAGE_MAX_PER_SAVE } from '../src/modules/images/image-limits.ts';
import { bombPng, dataUrl } from './image-fixtures.ts';

export const HOSTILE_MIN_REQUESTS = 1_000;
const PER_REQUEST_TIMEOUT_MS = 15_000;
const CONCURRENCY = 8;
/**
 * Bookkeeping a refused request may legitimately touch: a login attempt is counted, for one, and
 * any read may write down the change-number horizon it found (`counters`, db/claims/sequence.ts).
 */
const BOOKKEEPING = /rate|idempotency|^counters$/i;

interface Hostile {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is. */
  raw?: string | Uint8Array;
  label: string;
  /** A further check of the answer; returns what is wrong, or null. */
  check?: (res: Response, text: string) => string | null;
}

const NOWHERE_ID = 'ffffffffffffffffffffffff';
const BAD_IDS = [
  'x',
  '',
  ' ',
  '123',
  NOWHERE_ID.slice(1),
  `${NOWHERE_ID}0`,
  'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  '../../etc/passwd',
  '$where',
  'a'.repeat(5000),
  '😀'.repeat(12),
];
const OPERATORS = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*' },
  { $in: [NOWHERE_ID] },
  { $exists: true },
];
const WRONG_TYPES: unknown[] = [
  null,
  0,
  -1,
  Number.MAX_VALUE,
  true,
  [],
  [NOWHERE_ID],
  {},
  { toString: 'x' },
];
const HUGE = 'A'.repeat(300_000);

/** Values that make any field of a request invalid. */
const BAD_VALUES: unknown[] = [...BAD_IDS, ...OPERATORS, ...WRONG_TYPES, HUGE];

/** Bodies no endpoint accepts, whatever it expects. */
const BROKEN_BODIES = [
  '{',
  '{"a":',
  '{"id": "1",}',
  "{'id': '1'}",
  'null',
  '[]',
  '"text"',
  '12',
  'true',
  '\u0000\u0001\u0002',
  '{"__proto__": {"role": "admin", "isApproved": true}}',
  '{"constructor": {"prototype": {"role": "admin"}}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`,
  JSON.stringify({ filler: 'x'.repeat(11 * 1024 * 1024) }),
];

/** A valid-looking body for the route with one field made hostile (always invalid as a whole). */
function fieldMutations(route: RouteSpec): Record<string, unknown>[] {
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return [];
  const fields = Object.keys(shape);
  const bodies: Record<string, unknown>[] = [];
  for (const field of fields) {
    for (const value of BAD_VALUES) bodies.push({ ...template(route), [field]: value });
    const without = { ...template(route) };
    delete without[field];
    if (!(shape[field] as { isOptional?: () => boolean }).isOptional?.()) bodies.push(without);
  }
  for (const extra of ['$set', '__proto__', 'role', 'isAdmin', 'password']) {
    bodies.push({ ...template(route), [extra]: extra === '$set' ? { role: 'admin' } : 'admin' });
  }
  return bodies;
}

/** What each body-taking route expects, with ids that exist nowhere (so even a valid shape changes nothing). */
function template(route: RouteSpec): Record<string, unknown> {
  switch (route.path) {
    case '/api/admin/register':
      return { name: 'Mallory', email: 'not-an-email', password: 'short' };
    case '/api/admin/login':
      return { email: 'nobody@example.test', password: 'wrong-password' };
    case '/api/articles/add':
      return { article: '{"title": 5}' };
    case '/api/articles/add-comment':
      return { article: NOWHERE_ID, name: '', content: '' };
    case '/api/articles/comments':
      return { articleId: NOWHERE_ID };
    case '/api/admin/delete':
    case '/api/admin/approve':
      return { userId: NOWHERE_ID };
    default:
      return { id: NOWHERE_ID };
  }
}

/** Hostile article JSON for POST /api/articles/add: the `article` string itself is attacked. */
function articleStrings(): string[] {
  const good = {
    title: 'T',
    subtitle: 'S',
    content: '<p>x</p>',
    category: 'Life',
    isPublished: true,
  };
  const variants: unknown[] = [
    { ...good, _id: { $ne: null } },
    { ...good, _id: NOWHERE_ID.slice(2) },
    { ...good, title: { $gt: '' } },
    { ...good, title: 'T'.repeat(201) },
    { ...good, subtitle: '' },
    { ...good, content: 12 },
    { ...good, content: 'x'.repeat(8 * 1024 * 1024 + 1) },
    { ...good, category: { $in: ['Life'] } },
    { ...good, category: 'Dragons' },
    { ...good, isPublished: 'yes' },
    { ...good, version: -1 },
    { ...good, version: 'latest' },
    { ...good, $set: { isPublished: true } },
    { ...good, extra: 1 },
    [good],
    null,
  ];
  return [...variants.map((v) => JSON.stringify(v)), '{', 'not json', '{"title":"T"', ''];
}

function tokens(app: TestApp, users: Users) {
  const otherSecret = crypto.randomBytes(32).toString('hex');
  const forged = jwt.sign({ sub: users.adminId }, otherSecret, { algorithm: 'HS256' });
  const expired = jwt.sign(
    { sub: users.adminId, exp: Math.floor(Date.now() / 1000) - 60 },
    app.config.jwtSecret,
  );
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: users.adminId })).toString('base64url')}.`;
  const wrongSub = jwt.sign({ sub: { $ne: null } }, app.config.jwtSecret);
  const unknownUser = jwt.sign({ sub: NOWHERE_ID }, app.config.jwtSecret);
  return {
    refused: {
      none: {},
      garbage: { authorization: 'garbage' },
      bearerEmpty: { authorization: 'Bearer ' },
      forged: { authorization: forged },
      expired: { authorization: `Bearer ${expired}` },
      algNone: { authorization: none },
      objectSub: { token: wrongSub },
      unknownUser: { authorization: unknownUser },
      notAdmin: { authorization: users.user },
      huge: { authorization: 'x'.repeat(8_000) },
    } as Record<string, Record<string, string>>,
    admin: { authorization: users.admin },
  };
}

/** An answer that must not hand back what an administrator stored under the key. */
const notReplayed = (secret: string) => (res: Response, text: string) =>
  res.headers.get('idempotent-replayed') || text.includes(secret) ? 'replayed a stored answer to another caller' : null;
/** An answer that must not echo a long input name. */
const shortAnswer = (res: Response, text: string) => (text.length > 400 ? `answer of ${text.length} characters echoes input` : null);

/** The requests of the security review, each with what its answer must show. */
function securityRequests(app: TestApp, users: Users, stored: StoredWrite): Hostile[] {
  const json = { 'content-type': 'application/json' };
  const key = () => ({ 'Idempotency-Key': `hostile-${crypto.randomUUID()}` });
  const hugeName = 'N'.repeat(2 * 1024 * 1024);
  const deep = `${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}`;
  const expired = jwt.sign({ sub: users.adminId, exp: Math.floor(Date.now() / 1000) - 60 }, app.config.jwtSecret);
  const requests: Hostile[] = [];
  // 1. A huge unknown field name with a fresh key: no echo, nothing big kept (checked after the run).
  for (let i = 0; i < 3; i++) {
    requests.push(
      { method: 'POST', path: '/api/articles/comments', headers: { ...json, ...key() }, raw: JSON.stringify({ articleId: NOWHERE_ID, [hugeName]: 1 }), label: 'item 1 huge field on a read', check: shortAnswer },
      { method: 'POST', path: '/api/articles/add-comment', headers: { ...json, ...key() }, raw: JSON.stringify({ article: NOWHERE_ID, name: 'A', content: 'B', [hugeName]: 1 }), label: 'item 1 huge field on a comment', check: shortAnswer },
    );
  }
  // 2. An administrator's stored answer replayed to no token, garbage, an expired token, a user.
  for (const [who, auth] of Object.entries<Record<string, string>>({ none: {}, garbage: { authorization: 'garbage' }, expired: { authorization: `Bearer ${expired}` }, user: { authorization: users.user } })) {
    requests.push({ method: 'POST', path: '/api/articles/add', headers: { ...json, ...auth, 'Idempotency-Key': stored.key }, raw: stored.body, label: `item 2 replay to ${who}`, check: notReplayed(stored.secret) });
    requests.push({ method: 'POST', path: '/api/articles/add', headers: { ...json, ...auth, 'Idempotency-Key': stored.key }, raw: JSON.stringify({ article: '{"title":"other"}' }), label: `item 2 reused key from ${who}`, check: (res) => (res.status === 409 ? 'told a stranger the key exists' : null) });
  }
  // 3. Wrong passwords for the administrator's email (the owner's login is checked after the run).
  for (let i = 0; i < 12; i++) {
    requests.push({ method: 'POST', path: '/api/admin/login', headers: json, raw: JSON.stringify({ email: users.adminEmail, password: `wrong ${i}` }), label: 'item 3 login attack' });
  }
  // 5. The public feed from the start (its `removed` belongs to the read path's tests).
  requests.push({ method: 'GET', path: '/api/sync/articles?since=0', label: 'item 5 feed from the start' });
  // 6. Answers carry the security headers (the pages' own are checked in the browser test,
  // pwa/e2e/security-headers.e2e.test.ts: this app serves no PWA).
  for (const path of ['/api/articles/all', '/api/health', '/api/articles/nowhere']) {
    requests.push({
      method: 'GET',
      path,
      label: `item 6 headers on ${path}`,
      check: (res) =>
        /frame-ancestors 'none'/.test(res.headers.get('content-security-policy') ?? '') && res.headers.get('x-content-type-options') === 'nosniff'
          ? null
          : 'no security headers',
    });
  }
  // 7. A body nested a million levels deep, with a key, on a visitor's and an admin's write.
  requests.push(
    { method: 'POST', path: '/api/articles/add-comment', headers: { ...json, ...key() }, raw: deep, label: 'item 7 deep body, comment' },
    { method: 'POST', path: '/api/articles/toggle-publish', headers: { ...json, ...key(), authorization: users.admin }, raw: deep, label: 'item 7 deep body, admin' },
  );
  return requests;
}

/**
 * A token with the right signature but no expiry, and free text that breaks the text
 * rule (contracts/src/text-rule.ts) in every kind of field. Every write is refused (the run
 * checks that none is accepted and that the data is unchanged); the token must get a 401.
 */
function issue21Requests(app: TestApp, users: Users, articleId: string): Hostile[] {
  const json = { 'content-type': 'application/json' };
  const admin = { ...json, authorization: users.admin };
  const forever = jwt.sign({ sub: users.adminId }, app.config.jwtSecret, { algorithm: 'HS256' });
  const requests: Hostile[] = [];
  for (const path of ['/api/admin/users', '/api/admin/dashboard']) {
    requests.push({ method: 'GET', path, headers: { authorization: forever }, label: `token without exp on ${path}`, check: (res) => (res.status === 401 ? null : `token without exp answered ${res.status}`) });
  }
  const bad = { nul: 'a\u0000b', escape: 'a\u001b[2J', override: 'evil\u202egpj.exe', isolate: 'a\u2066b', lone: 'smile \ud83d', newline: 'a\nb' };
  for (const [kind, text] of Object.entries(bad)) {
    requests.push(
      { method: 'POST', path: '/api/articles/add-comment', headers: json, raw: JSON.stringify({ article: articleId, name: text, content: 'Hello' }), label: `comment name ${kind}` },
      { method: 'POST', path: '/api/admin/register', headers: json, raw: JSON.stringify({ name: text, email: `x-${kind}@example.test`, password: 'long enough 1' }), label: `user name ${kind}` },
      { method: 'POST', path: '/api/admin/register', headers: json, raw: JSON.stringify({ name: 'X', email: `x${text}@example.test`, password: 'long enough 1' }), label: `user email ${kind}` },
      { method: 'POST', path: '/api/articles/add', headers: admin, raw: JSON.stringify({ article: JSON.stringify({ title: text, subtitle: 'S', content: '<p>x</p>' }) }), label: `article title ${kind}` },
      { method: 'POST', path: '/api/articles/add', headers: admin, raw: JSON.stringify({ article: JSON.stringify({ title: 'T', subtitle: text, content: '<p>x</p>' }) }), label: `article subtitle ${kind}` },
      { method: 'POST', path: '/api/lessons/save', headers: admin, raw: JSON.stringify({ lesson: { date: '2031-05-02', title: text } }), label: `lesson title ${kind}` },
      { method: 'POST', path: '/api/lessons/import', headers: admin, raw: JSON.stringify({ lessons: [{ date: '2031-05-09', title: 'T', text: 'R' }, { date: '2031-05-16', title: text, text: 'R' }] }), label: `lesson import ${kind}` },
    );
    // Body text may hold line breaks and direction controls; names and titles may not.
    const bodyMayHoldIt = kind === 'override' || kind === 'isolate' || kind === 'newline';
    if (bodyMayHoldIt) continue;
    requests.push(
      { method: 'POST', path: '/api/articles/add-comment', headers: json, raw: JSON.stringify({ article: articleId, name: 'Ann', content: text }), label: `comment text ${kind}` },
      { method: 'POST', path: '/api/articles/add', headers: admin, raw: JSON.stringify({ article: JSON.stringify({ title: 'T', subtitle: 'S', content: `<p>${text}</p>` }) }), label: `article content ${kind}` },
      { method: 'POST', path: '/api/lessons/save', headers: admin, raw: JSON.stringify({ lesson: { date: '2031-05-23', title: 'T', text } }), label: `lesson text ${kind}` },
    );
  }
  return requests;
}

/** Odd feed cursors and limits, bodies that do not decompress. */
function round3Requests(epoch: string): Hostile[] {
  const requests: Hostile[] = [];
  const json = { 'content-type': 'application/json' };
  const cursorIn = (text: string) => Number((JSON.parse(text) as { cursor?: string }).cursor?.split('.')[1]);
  for (let i = 0; i < 40; i++) {
    const limit = 1 + ((i * 53) % 500);
    const feed = i % 2 ? 'comments' : 'articles';
    requests.push(
      { method: 'GET', path: `/api/sync/${feed}?since=${crypto.randomBytes(6).toString('hex')}.${i}&limit=${limit}`, label: 'feed cursor from a foreign epoch', check: (_res, text) => (text.includes('"reset":true') ? null : 'not the reset page') },
      { method: 'GET', path: `/api/sync/${feed}?since=${epoch}.${'9'.repeat(8 + (i % 5))}${i}&limit=${limit}`, label: 'feed cursor beyond the horizon', check: (_res, text) => (cursorIn(text) < 1e6 ? null : 'cursor not clamped to the horizon') },
      { method: 'GET', path: `/api/sync/${feed}?since=${epoch}.${'0'.repeat(1 + (i % 12))}${i % 4}&limit=${limit}`, label: 'feed cursor with leading zeros' },
    );
  }
  const gzipped = zlib.gzipSync(JSON.stringify({ article: NOWHERE_ID, name: 'A', content: 'B' }));
  const broken: [string, Uint8Array][] = [
    ['gzip', Buffer.from('{"article":"not gzip"}')],
    ['gzip', gzipped.subarray(0, gzipped.length - 9)],
    ['deflate', Buffer.from('not deflate')],
    ['br', Buffer.from('not brotli')],
  ];
  for (const path of ['/api/articles/add-comment', '/api/admin/login', '/api/articles/comments']) {
    for (const [encoding, raw] of broken) {
      requests.push({
        method: 'POST',
        path,
        headers: { ...json, 'content-encoding': encoding },
        raw,
        label: `broken ${encoding} body`,
        check: (res) => (res.status === 400 ? null : `answered ${res.status}, not 400`),
      });
    }
  }
  return requests;
}

/**
 * An article past the stored-size limit made of Bible citations is refused by the size
 * check before any citation is looked for (on the event loop, parsing 8 MB of them took minutes
 * and held every other request of this run).
 */
function round4Requests(users: Users): Hostile[] {
  const citations = 'John 3:16, '.repeat(Math.ceil(LIMITS.ARTICLE_STORED_CONTENT_MAX_BYTES / 11) + 100);
  const article = JSON.stringify({ title: 'T', subtitle: 'S', category: 'Life', content: `<p>${citations}</p>` });
  return [
    {
      method: 'POST',
      path: '/api/articles/add',
      headers: { 'content-type': 'application/json', authorization: users.admin },
      raw: JSON.stringify({ article }),
      label: 'stored-size limit of citations',
      check: (res, text) =>
        res.status === 413 && text.includes(STORED_TOO_LARGE_MESSAGE) ? null : `answered ${res.status}, not the stored-size refusal`,
    },
  ];
}

/**
 * Pictures an administrator pastes that the pipeline must refuse from the markup or the
 * header, never decode or drop (modules/images/image-limits.ts): each answer names the limit.
 */
function round4ImageRequests(users: Users): Hostile[] {
  const admin = { 'content-type': 'application/json', authorization: users.admin };
  const save = (content: string) => JSON.stringify({ article: JSON.stringify({ title: 'T', subtitle: 'S', content, category: 'Life', isPublished: true }) });
  const img = (src: string) => `<p>x<img src="${src}"></p>`;
  const answered = (status: number, words: RegExp) => (res: Response, text: string) =>
    res.status === status && words.test(text) ? null : `answered ${res.status}, not ${status} naming ${words}`;
  const cases: [string, string, number, RegExp][] = [
    ['interlaced 16-bit 7000x7000 header', img(dataUrl(bombPng(7000, 7000, { channels: 4, depth: 16, interlaced: true }), 'image/png')), 413, /16-bit colour with transparency may be at most 18\.7 megapixels/],
    ['16-bit 6000x4300 header', img(dataUrl(bombPng(6000, 4300, { channels: 3, depth: 16 }), 'image/png')), 413, /16-bit colour may be at most 25 megapixels/],
    ['two 8-bit 40 MP headers', img(dataUrl(bombPng(8000, 5000), 'image/png')) + img(dataUrl(bombPng(8000, 5001), 'image/png')), 413, /one save may add up to at most 60 megapixels/],
    ['too many pictures', img(dataUrl(bombPng(10, 10), 'image/png')).repeat(IMAGE_MAX_PER_SAVE + 1), 413, /a save may hold at most \d+ pictures/],
    ['svg picture', img(dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml')), 400, /SVG drawing \(image\/svg\+xml\); articles take JPEG and PNG/],
    ['gif picture', img(dataUrl(Buffer.from('GIF89a'), 'image/gif')), 400, /a GIF \(image\/gif\)/],
    ['unknown data type', img('data:application/x-thing;base64,AAAA'), 400, /of the type application\/x-thing/],
    ['png not in base64', img('data:image/png,%89PNG'), 400, /not a JPEG or PNG picture/],
    ['svg sent as png', img(dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/png')), 400, /not a JPEG or PNG picture/],
  ];
  return cases.map(([label, content, status, words]) => ({
    method: 'POST',
    path: '/api/articles/add',
    headers: admin,
    raw: save(content),
    label: `picture: ${label}`,
    check: answered(status, words),
  }));
}

interface Users {
  admin: string;
  user: string;
  adminId: string;
  adminEmail: string;
}
interface StoredWrite {
  key: string;
  body: string;
  secret: string;
}

/** `articleId`: a published article, so a comment is refused for its text and nothing else. */
function generate(app: TestApp, users: Users, stored: StoredWrite, articleId: string, epoch: string): Hostile[] {
  const requests: Hostile[] = [
    ...securityRequests(app, users, stored),
    ...issue21Requests(app, users, articleId),
    ...round3Requests(epoch),
    ...round4Requests(users),
    ...round4ImageRequests(users),
  ];
  const { refused, admin } = tokens(app, users);
  const json = { 'content-type': 'application/json' };
  for (const [name, route] of Object.entries(ROUTES as Record<string, RouteSpec>)) {
    const paths = route.path.includes(':id')
      ? BAD_IDS.map((id) => route.path.replace(':id', encodeURIComponent(id))).concat(
          route.path.replace(':id', NOWHERE_ID),
        )
      : [route.path];
    // Whoever asks: admin calls get every refused token and also the admin's own (hostile bodies).
    const askers = route.admin
      ? { ...refused, admin }
      : { anonymous: {}, garbage: refused.garbage!, forged: refused.forged! };
    for (const [who, auth] of Object.entries(askers)) {
      for (const p of paths) {
        if (route.method === 'GET') {
          const queries = [
            '',
            '?since[$gt]=0',
            '?since=-1',
            '?since=1e400',
            '?limit=0',
            '?limit=abc',
            '?limit=100000',
            '?since=%00',
            `?since=${'9'.repeat(40)}`,
            '?__proto__[role]=admin',
            '?since=1&since=2',
          ];
          for (const q of who === 'admin' || !route.admin ? queries : ['']) {
            requests.push({
              method: 'GET',
              path: p + q,
              headers: auth,
              label: `${name} ${who} ${q}`,
            });
          }
          continue;
        }
        const bodies =
          who === 'admin' || !route.admin
            ? [...fieldMutations(route).map((b) => JSON.stringify(b)), ...BROKEN_BODIES]
            : ['{}', BROKEN_BODIES[0]!];
        if (route.path === '/api/articles/add' && who === 'admin')
          bodies.push(...articleStrings().map((article) => JSON.stringify({ article })));
        for (const raw of bodies)
          requests.push({
            method: route.method,
            path: p,
            raw,
            headers: { ...json, ...auth },
            label: `${name} ${who} ${raw.slice(0, 60)}`,
          });
        // The right body under the wrong content type, and the wrong method.
        requests.push({
          method: route.method,
          path: p,
          raw: JSON.stringify(template(route)),
          headers: { 'content-type': 'text/plain', ...auth },
          label: `${name} ${who} text/plain`,
        });
        requests.push({
          method: route.method,
          path: p,
          raw: 'id=1&id[$gt]=',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
          label: `${name} ${who} form`,
        });
      }
    }
    requests.push({
      method: 'PATCH',
      path: route.path,
      raw: '{}',
      headers: json,
      label: `${name} PATCH`,
    });
  }
  return requests;
}

/** The contract's error body, with a message and a code whose status is the answer's status. */
function isErrorBody(status: number, text: string): boolean {
  let parsed;
  try {
    parsed = errorBodySchema.safeParse(JSON.parse(text));
  } catch {
    return false;
  }
  return parsed.success && parsed.data.message.length > 0 && ERROR_CODES[parsed.data.code].status === status;
}

async function snapshot(app: TestApp): Promise<Record<string, { count: number; hash: string }>> {
  const db = app.connection.db!;
  const result: Record<string, { count: number; hash: string }> = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (BOOKKEEPING.test(name)) continue;
    const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
    result[name] = {
      count: docs.length,
      hash: crypto.createHash('sha256').update(JSON.stringify(docs)).digest('hex'),
    };
  }
  return result;
}

describe('hostile input over every route of the contract', () => {
  let app: TestApp;
  let users: Users;
  let stored: StoredWrite;
  let adminPassword: string;
  let publishedId: string;
  let epoch: string;
  beforeAll(async () => {
    app = await startTestApp();
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app, { role: 'user', isApproved: false });
    users = { admin: admin.token, user: user.token, adminId: admin.user._id, adminEmail: admin.user.email };
    adminPassword = admin.user.password;
    // An administrator's write stored under a key, for the replay attempts below.
    const secret = `secret draft ${crypto.randomUUID()}`;
    stored = {
      key: `hostile-stored-${crypto.randomUUID()}`,
      secret,
      body: JSON.stringify({ article: JSON.stringify({ title: 'Draft', subtitle: 'S', content: `<p>${secret}</p>`, category: 'Life', isPublished: false }) }),
    };
    const first = await fetch(app.url + '/api/articles/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin.token, 'Idempotency-Key': stored.key },
      body: stored.body,
    });
    expect(first.status).toBe(201);
    // Content for the requests to bounce off: published, draft, approved and pending comments.
    const published = await createArticle(app, admin.token, { isPublished: true });
    publishedId = published._id;
    await createArticle(app, admin.token, { isPublished: false });
    const approved = await addComment(app, published._id);
    await approveComment(app, admin.token, approved._id);
    await addComment(app, published._id);
    // One ordinary read of each feed first: the first read records the database's ETag epoch.
    for (const path of [
      '/api/articles/all',
      '/api/sync/articles',
      '/api/sync/comments',
      '/api/schedule',
    ]) {
      expect((await app.request('GET', path)).status).toBe(200);
    }
    epoch = String((await app.request<{ cursor: string }>('GET', '/api/sync/articles')).body.cursor).split('.')[0]!;
  });
  afterAll(() => app?.close());

  it(`answers at least ${HOSTILE_MIN_REQUESTS} of them without a 5xx, a hang or a change to the data`, async () => {
    const requests = generate(app, users, stored, publishedId, epoch);
    expect(requests.length).toBeGreaterThanOrEqual(HOSTILE_MIN_REQUESTS);
    const before = await snapshot(app);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['articles', 'comments', 'users']));

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < requests.length) {
        const r = requests[next++]!;
        try {
          const res = await fetch(app.url + r.path, {
            method: r.method,
            headers: r.headers,
            body: r.raw,
            signal: AbortSignal.timeout(PER_REQUEST_TIMEOUT_MS),
          });
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(
              `${res.status} ${r.method} ${r.path.slice(0, 80)} [${r.label}]: ${text.slice(0, 200)}`,
            );
          if (/\bat \w+ \(|node_modules|Mongo\w*Error|stack/i.test(text))
            failures.push(`internals leaked [${r.label}]: ${text.slice(0, 200)}`);
          // 431 (headers too large) comes from Node's HTTP parser before any of our code runs.
          if (res.status >= 400 && res.status !== 431 && !isErrorBody(res.status, text)) {
            failures.push(`not the error shape ${res.status} [${r.label}]: ${text.slice(0, 200)}`);
          }
          // Reads may ignore a strange query; no hostile write may be accepted.
          if (res.status < 300 && r.method !== 'GET')
            failures.push(`accepted ${res.status} [${r.label}]`);
          const problem = r.check?.(res, text);
          if (problem) failures.push(`${problem} [${r.label}]: ${text.slice(0, 120)}`);
        } catch (error) {
          failures.push(
            `no answer in time: ${r.method} ${r.path.slice(0, 80)} [${r.label}]: ${(error as Error).message}`,
          );
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const after = await snapshot(app);
    const counts = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    recordFigure(
      {
        label: 'Hostile requests across every route (backend/test/hostile-input.test.ts)',
        result: `${requests.length} requests, ${failures.length} failures; statuses ${JSON.stringify(counts)}`,
        baseline: 'data hash before = after',
        target: 'no 5xx, no hang, data unchanged',
        met: failures.length === 0 && JSON.stringify(before) === JSON.stringify(after),
      },
      'hostile-input',
    );
    expect(failures).toEqual([]);
    expect(after).toEqual(before);

    // After the run: the store kept nothing big for visitors, and the
    // owner still logs in with the right password during the attack on the email.
    const visitorRecords = await app.connection.collection<{ _id: string }>('idempotency_keys').find({ _id: { $regex: '^a:' } } as never).toArray();
    expect(JSON.stringify(visitorRecords).length).toBeLessThan(64 * 1024);
    const owner = await app.request('POST', '/api/admin/login', { body: { email: users.adminEmail, password: adminPassword } });
    expect(owner.status).toBe(200);
    // Hundreds of distinct feed queries kept a handful of shared bodies (a few pages
    // of a tiny library, the list, an article), not one per query text.
    expect(readModelOn(app.connection).bodies.count).toBeLessThanOrEqual(40);
  // Each request has its own limit (PER_REQUEST_TIMEOUT_MS); this one only bounds a machine
  // busy with other work, at about ten times the run's quiet length.
  }, 240_000);
});
