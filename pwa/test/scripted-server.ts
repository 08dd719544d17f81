// A scripted stand-in for the backend in unit tests of the sync module: it answers the few calls
// the outbox and pull make, remembers Idempotency-Keys like the real server, and lets a test
// script failures (offline, 5xx, lost responses, 409s). Browser tests use the real server.
import type { Article } from '@fw/contracts';

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  key: string | null;
}

type Script = (call: Call) => 'offline' | 'lose-response' | { status: number; body: Record<string, unknown>; headers?: Record<string, string> } | undefined;

export class ScriptedServer {
  calls: Call[] = [];
  applied: Call[] = [];
  articles = new Map<string, Article>();
  comments = new Map<string, Record<string, unknown>>();
  private replies = new Map<string, { status: number; body: Record<string, unknown> }>();
  script: Script = () => undefined;

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      key: headers.get('Idempotency-Key'),
    };
    this.calls.push(call);
    const scripted = this.script(call);
    if (scripted === 'offline') throw new TypeError('Failed to fetch');
    if (scripted && scripted !== 'lose-response') return json(scripted.status, scripted.body, scripted.headers);
    const replay = call.key ? this.replies.get(call.key) : undefined;
    const reply = replay ?? this.apply(call);
    if (call.key && !replay) this.replies.set(call.key, reply);
    if (scripted === 'lose-response') throw new TypeError('Failed to fetch');
    return json(reply.status, reply.body);
  };

  private apply(call: Call): { status: number; body: Record<string, unknown> } {
    this.applied.push(call);
    const body = call.body ?? {};
    if (call.path === '/api/articles/add-comment') {
      this.comments.set(String(body._id), body);
      return { status: 201, body: { success: true, message: 'Thank you!' } };
    }
    if (call.path === '/api/articles/add') {
      const input = JSON.parse(String(body.article)) as Article;
      const stored = this.articles.get(input._id);
      if (stored && input.version !== undefined && input.version !== stored.version) {
        return { status: 409, body: { success: false, message: 'Changed meanwhile', article: stored } };
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
    if (call.path === '/api/articles/toggle-publish') {
      const stored = this.articles.get(String(body.id));
      if (!stored) return { status: 404, body: { success: false, message: 'No such article' } };
      const article = { ...stored, isPublished: !stored.isPublished, version: stored.version + 1 };
      this.articles.set(article._id, article);
      return { status: 200, body: { success: true, message: 'Toggled', article } };
    }
    return { status: 404, body: { success: false, message: `No such call ${call.path}` } };
  }
}

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
