// POST /api/articles/add: create, edit in place, or recognise a repeat. The rules:
// - no _id: a new article;
// - an _id nobody has used: a new article with that id (devices make ids offline);
// - an _id of a stored article with the same fields: already saved (a retry), nothing changes;
// - an _id of a stored article with `version` equal to the stored one: the edit, version + 1;
// - anything else (a stale version, or changed fields without a version): 409 with the server's
//   copy, so the editor can show both and nothing is lost silently;
// - an _id of a deleted article: 404, an id is never brought back.
import mongoose from 'mongoose';
import type { ArticleInputParsed } from '@fw/contracts';
import { HttpError } from '../../errors.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { currentWriteScope } from '../../db/write-scope.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { linkScriptureHtml, type LinkedHtml } from '../scripture/link-html.ts';
import { refuseOversizedText, storeArticleImages } from '../images/image-html.ts';
import type { ScripturePool } from '../scripture/scripture-pool.ts';
import { sameFields, sameText, toArticleDto, type ArticleDoc, type ArticleFields } from './article.model.ts';
import type { ArticleStore } from './article-store.ts';

export const SAVE_MESSAGES = {
  CREATED: 'Article created.',
  UPDATED: 'Article updated.',
  UNCHANGED: 'Article saved.',
  CONFLICT:
    'This article was changed by someone else since you opened it. Compare with the saved copy, then save again to keep your version.',
  DELETED:
    'This article was deleted, so it cannot be saved again under the same id. Create it as a new article.',
} as const;

export type SaveOutcome = { kind: 'created' | 'updated' | 'unchanged'; article: ArticleDoc };

/**
 * A schedule belongs to a draft: publishing now drops it, and a time already past (an offline
 * edit that arrives late) publishes on save, so no article waits for a time that has gone.
 */
function publicationOf(input: ArticleInputParsed, nowMs = Date.now()): Pick<ArticleFields, 'isPublished' | 'publishAt'> {
  const at = input.isPublished || input.publishAt == null ? null : new Date(input.publishAt);
  if (at && at.getTime() <= nowMs) return { isPublished: true, publishAt: null };
  return { isPublished: input.isPublished, publishAt: at };
}

/**
 * Up to this many characters, an article is sanitised here (a few milliseconds at most), and only
 * its citations, if it has any, wait for a thread: a short edit is never held up or refused BUSY
 * behind a long save. Past it, the whole of article-text.ts runs on a citation thread.
 */
const SANITIZE_HERE_MAX_CHARS = 8 * 1024;

/**
 * Sanitised, checked against the stored-size limit (the cheap check, before any citation work),
 * citations linked to the reader: off the event loop and within the citation pool's budget
 * (article-text.ts, scripture/scripture-pool.ts).
 */
async function articleText(content: string, pool: ScripturePool): Promise<LinkedHtml> {
  if (content.length > SANITIZE_HERE_MAX_CHARS) return pool.article(content);
  const clean = sanitizeArticleHtml(content);
  refuseOversizedText(clean);
  return linkScriptureHtml(clean, pool);
}

async function articleFields(input: ArticleInputParsed, pool: ScripturePool): Promise<ArticleFields> {
  const { html, scripture } = await articleText(input.content, pool);
  return {
    title: input.title,
    subtitle: input.subtitle,
    category: input.category,
    content: html,
    scripture,
    ...publicationOf(input),
  };
}

const conflictWith = (stored: ArticleDoc) =>
  new HttpError('EDIT_CONFLICT', SAVE_MESSAGES.CONFLICT, { article: toArticleDto(stored) });

/** `by`: the admin's name, kept with the version (and on its revision once it is replaced). */
export async function saveArticle(
  store: ArticleStore,
  pool: ScripturePool,
  input: ArticleInputParsed,
  by?: string,
): Promise<SaveOutcome> {
  const id = input._id ?? new mongoose.Types.ObjectId().toHexString();
  // An edit names the version it started from: its article is read at once, while the text is
  // sanitised (a round trip that waited after that work before), and an id is claimed only when no
  // article has it (a create, or an edit of an article never stored here). A copy that changed
  // meanwhile loses at the version claim below, as one read a moment before the edit would.
  const storedRead = input.version === undefined ? null : store.find(id);
  // Seen to at once: a refused text below leaves it unread.
  storedRead?.catch(() => undefined);
  const fields: ArticleFields = { ...(await articleFields(input, pool)), ...(by === undefined ? {} : { updatedBy: by }) };
  // Pictures become stored files before anything else is written: a refused one changes nothing.
  fields.content = (await storeArticleImages(store.connection, fields.content, currentWriteScope()?.deadline)).html;

  // A client-made id nobody has used: straight to the insert, no lookups (article-versions.ts).
  // A server-made id is claimed too, so the first edit of it (which names the id) finds it taken
  // at once instead of trying to create the article again.
  let stored = storedRead ? await storedRead : null;
  let neverUsed = false;
  if (!stored) {
    neverUsed = await store.versions.claimNewId(id);
    stored = neverUsed ? null : await store.find(id);
  }
  if (!stored) {
    if (!neverUsed && (await store.wasDeleted(id))) throw new HttpError('NOT_FOUND', SAVE_MESSAGES.DELETED);
    try {
      return { kind: 'created', article: await store.create(id, fields) };
    } catch (error) {
      // The same new article sent twice at once: the second is judged against the first below.
      if (!isDuplicateKey(error)) throw error;
      stored = await store.find(id);
      if (!stored) throw error;
    }
  }

  if (sameFields(stored, fields)) return { kind: 'unchanged', article: stored };
  if (input.version !== stored.version) throw conflictWith(stored);
  const changed = await store.change(stored, fields, { keepRevision: !sameText(stored, fields) });
  if (changed) return { kind: 'updated', article: changed };
  const latest = await store.find(id);
  if (!latest) throw new HttpError('NOT_FOUND', SAVE_MESSAGES.DELETED);
  throw conflictWith(latest);
}
