// A scripted stand-in for the backend in unit tests of the sync module: it answers the few calls
// the outbox and pull make, remembers Idempotency-Keys as the real server does (method, path and
// key; the same key with another body is refused; which answers are replayed is the shared rule
// of contracts/idempotency.ts that the server's key layer reads too), and lets a test script failures (offline, 5xx,
// lost responses, 409s). Browser tests use the real server.
import type { Article, ErrorCode } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { isReplayedAnswer } from '@fw/contracts/idempotency';
import { SPACE_CREDENTIAL_HEADER } from '@fw/contracts/study-limits';
import { ScriptedSpaces } from './scripted-spaces.ts';

const SPACES_PREFIX = API_PATHS.createSpace.replace(':space', '');

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  key: string | null;
  /** The Space-Credential header (study sync spaces). */
  credential: string | null;
  /** The body answered, when one was (not for a call scripted offline or lost). */
  response?: Record<string, unknown>;
}

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}
type Scripted = 'offline' | 'lose-response' | Reply | undefined;
/** What the server does with a call, decided before it answers (it may first wait for something the test does). */
type Script = (call: Call) => Scripted | Promise<Scripted>;

/** An error answer in the contract's shape. */
export function errorReply(status: number, code: ErrorCode, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { success: false, message, code, ...extra } };
}


export class ScriptedServer {
  calls: Call[] = [];
  applied: Call[] = [];
  articles = new Map<string, Article>();
  comments = new Map<string, Record<string, unknown>>();
  private replies = new Map<string, { fingerprint: string; reply: Reply }>();
  spaces = new ScriptedSpaces();
  script: Script = () => undefined;

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      key: headers.get('Idempotency-Key'),
      credential: headers.get(SPACE_CREDENTIAL_HEADER),
    };
    this.calls.push(call);
    const scripted = await this.script(call);
    if (scripted === 'offline') throw new TypeError('Failed to fetch');
    if (scripted && scripted !== 'lose-response') return json(scripted.status, (call.response = scripted.body), scripted.headers);
    const reply = this.answer(call);
    if (scripted === 'lose-response') throw new TypeError('Failed to fetch');
    return json(reply.status, (call.response = reply.body));
  };

  private answer(call: Call): Reply {
    if (!call.key) return this.apply(call);
    const id = `${call.method} ${call.path} ${call.key}`;
    const fingerprint = JSON.stringify(call.body ?? null);
    const held = this.replies.get(id);
    if (held && held.fingerprint !== fingerprint) {
      return errorReply(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    if (held) return held.reply;
    const reply = this.apply(call);
    if (isReplayedAnswer(reply.status, reply.body)) this.replies.set(id, { fingerprint, reply });
    return reply;
  }

  private apply(call: Call): Reply {
    this.applied.push(call);
    const body = call.body ?? {};
    if (call.path === API_PATHS.addComment) {
      const stored = this.comments.get(String(body._id));
      if (stored && JSON.stringify(stored) !== JSON.stringify(body)) {
        return errorReply(409, 'ID_TAKEN', 'A different comment already has this id.');
      }
      this.comments.set(String(body._id), body);
      return { status: 201, body: { success: true, message: 'Thank you!' } };
    }
    if (call.path === API_PATHS.addArticle) {
      const input = JSON.parse(String(body.article)) as Article;
      const stored = this.articles.get(input._id);
      if (stored && input.version !== undefined && input.version !== stored.version) {
        return errorReply(409, 'EDIT_CONFLICT', 'Changed meanwhile', { article: stored });
      }
      const article: Article = {
        ...input,
        category: String(input.category ?? ''),
        isPublished: Boolean(input.isPublished),
        version: (stored?.version ?? 0) + 1,
        createdAt: stored?.createdAt ?? '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-02T00:00:00.000Z',
      };
      this.articles.set(article._id, article);
      return { status: 200, body: { success: true, message: 'Saved', article } };
    }
    if (call.path === API_PATHS.togglePublish) {
      const stored = this.articles.get(String(body.id));
      if (!stored) return errorReply(404, 'NOT_FOUND', 'No such article');
      const article = { ...stored, isPublished: !stored.isPublished, version: stored.version + 1 };
      this.articles.set(article._id, article);
      return { status: 200, body: { success: true, message: 'Toggled', article } };
    }
    if (call.path === API_PATHS.deleteArticle) {
      if (!this.articles.delete(String(body.id))) return errorReply(404, 'NOT_FOUND', 'No such article');
      return { status: 200, body: { success: true, message: 'Deleted' } };
    }
    if (call.path.startsWith(SPACES_PREFIX)) return this.spaces.apply(call);
    return errorReply(404, 'NO_SUCH_ROUTE', `No such call ${call.path}`);
  }
}

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The body of an admin's article save, a draft unless `extra` says otherwise. */
export function articleBody(id: string, extra: Record<string, unknown> = {}) {
  return { _id: id, title: 'T', subtitle: 'S', content: '<p>x</p>', category: 'Life', isPublished: false, ...extra };
}
