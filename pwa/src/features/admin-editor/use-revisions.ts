// The kept revisions of the article being edited, asked from the server when the editor opens
// (GET /api/admin/articles/:id/revisions). They are not kept on the device: an admin opens them
// now and then, and fifty versions of every article would weigh on every admin device. Offline,
// the panel says so; restoring one goes through the outbox like any edit.
import { useCallback, useEffect, useState } from 'react';
import type { Revision, RevisionSummary } from '@fw/contracts';
import { revisionsPath } from '@fw/contracts/paths';
import { api, errorMessage } from '../../lib/api.ts';

export type RevisionsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; revisions: RevisionSummary[] };

const REVISIONS_OFFLINE_MESSAGE = 'Earlier versions can be read when this device is online.';

function failure(error: unknown): string {
  return error instanceof Error && 'isNetwork' in error && error.isNetwork ? REVISIONS_OFFLINE_MESSAGE : errorMessage(error);
}

/** The list, asked again whenever the article's version changes (a save or a restore). */
export function useRevisions(articleId: string, version: number) {
  const [attempt, setAttempt] = useState(0);
  // Each answer names the request it answers; until the current one's arrives, it is loading.
  const request = `${articleId}@${version}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: RevisionsState } | null>(null);
  useEffect(() => {
    let live = true;
    api<{ revisions: RevisionSummary[] }>('GET', revisionsPath(articleId)).then(
      ({ data }) => live && setAnswer({ request, state: { status: 'ready', revisions: data.revisions } }),
      (error: unknown) => live && setAnswer({ request, state: { status: 'failed', message: failure(error) } }),
    );
    return () => {
      live = false;
    };
  }, [articleId, request]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: RevisionsState = answer?.request === request ? answer.state : { status: 'loading' };
  return { state, retry };
}

/** One revision with its content; a refusal or no connection is thrown with its message. */
export async function fetchRevision(articleId: string, n: number): Promise<Revision> {
  try {
    return (await api<{ revision: Revision }>('GET', revisionsPath(articleId, n))).data.revision;
  } catch (error) {
    throw new Error(failure(error), { cause: error });
  }
}
