// Signed preview links: `/preview/<article id>?exp=<ms>&sig=<HMAC>`. The signature covers the
// article's id, the link's end and the article's current preview key, a random value kept in the
// `preview_links` collection under the article's id. So a link is good for one article only, stops
// working at its end (which nobody can move: it is signed), and every link of an article stops
// working when a new shared link is made (a new key replaces the old one).
//
// The signing key is derived from JWT_SECRET (config.ts: required in production, generated per
// machine in development) with a purpose label, so the raw session secret signs nothing else and
// a preview signature can never pass as anything else. No secret is written in the code.
//
// Cost: making or checking a link is one `_id` read or write of `preview_links`.
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { PREVIEW_PATH_PREFIX, PREVIEW_SHARE_MS, PREVIEW_VIEW_MS } from '@fw/contracts/preview';
import { HttpError } from '../../errors.ts';
import { articleModel } from '../articles/article.model.ts';
import { ARTICLE_MESSAGES } from '../articles/articles.service.ts';

export const PREVIEW_LINKS_COLLECTION = 'preview_links';
const KEY_LABEL = 'article-preview-link-v1';

interface PreviewKeyDoc {
  _id: string;
  /** Random; replaced by every new shared link, which revokes the links signed with the old one. */
  key: string;
  issuedAt: Date;
}

export interface SignedLink {
  url: string;
  expiresAtMs: number;
}

export interface LinkParts {
  id: string;
  exp: string | undefined;
  sig: string | undefined;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;
const DIGITS = /^\d{1,16}$/;

export function previewLinks({
  connection,
  secret,
  publicUrl,
}: {
  connection: mongoose.Connection;
  /** config.jwtSecret: the preview key is derived from it. */
  secret: string;
  publicUrl: string;
}) {
  const signingKey = crypto.createHmac('sha256', secret).update(KEY_LABEL).digest();
  const keys = connection.collection<PreviewKeyDoc>(PREVIEW_LINKS_COLLECTION);
  const Articles = articleModel(connection);

  const signature = (id: string, key: string, expiresAtMs: number) =>
    crypto.createHmac('sha256', signingKey).update(`${id}.${key}.${expiresAtMs}`).digest('base64url');

  async function newKey(id: string, nowMs: number): Promise<string> {
    const key = crypto.randomBytes(18).toString('base64url');
    // Replacing by `_id` (an upsert): the last link made is the one that works.
    await keys.replaceOne({ _id: id }, { key, issuedAt: new Date(nowMs) }, { upsert: true });
    return key;
  }

  return {
    /**
     * A link to article `id` as it is stored now. "share": a new key (earlier links stop working),
     * good for PREVIEW_SHARE_MS; "view": the editor's own look, with the current key (a shared
     * link keeps working), good for PREVIEW_VIEW_MS. Throws NOT_FOUND for no such article.
     */
    async issue(id: string, purpose: 'view' | 'share', nowMs: number): Promise<SignedLink> {
      const exists = await Articles.exists({ _id: id });
      if (!exists) throw new HttpError('NOT_FOUND', ARTICLE_MESSAGES.NOT_FOUND);
      const held = purpose === 'view' ? await keys.findOne({ _id: id }) : null;
      const key = held?.key ?? (await newKey(id, nowMs));
      const expiresAtMs = nowMs + (purpose === 'share' ? PREVIEW_SHARE_MS : PREVIEW_VIEW_MS);
      const query = new URLSearchParams({ exp: String(expiresAtMs), sig: signature(id, key, expiresAtMs) });
      return { url: `${publicUrl}${PREVIEW_PATH_PREFIX}${id}?${query}`, expiresAtMs };
    },

    /** Whether the link's parts are a signature of this server for this article, still in time. */
    async isValid({ id, exp, sig }: LinkParts, nowMs: number): Promise<boolean> {
      if (!OBJECT_ID.test(id) || !exp || !DIGITS.test(exp) || !sig) return false;
      const expiresAtMs = Number(exp);
      // No link is made for longer than a shared one; one claiming more was not made here.
      if (expiresAtMs <= nowMs || expiresAtMs > nowMs + PREVIEW_SHARE_MS) return false;
      const held = await keys.findOne({ _id: id });
      if (!held) return false;
      const expected = Buffer.from(signature(id, held.key, expiresAtMs));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type PreviewLinks = ReturnType<typeof previewLinks>;
