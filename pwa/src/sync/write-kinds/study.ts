// Study sync writes: a highlight, verse highlight, note, saved article or reading place changed on
// this device while it is linked to a sync space (study-space/local-changes.ts queues them). The
// entry names only its record; the push seals the record's state when it goes, many records a
// request (study-space/push.ts), so the writes of one record never queued behind each other
// coalesce into the one never sent. The device's own record is the change a person sees, so there
// is nothing optimistic to show or to forget.
import { API_PATHS } from '@fw/contracts/paths';
import { pushStudyEntries } from '../study-space/push.ts';
import { defineKinds } from './kind.ts';

export const STUDY_KINDS = defineKinds({
  study: {
    endpoint: { method: 'POST', path: API_PATHS.writeRecords, admin: false },
    tables: () => [],
    optimistic: async () => {},
    coalesce: (earlier, later) => (earlier.kind === later.kind ? { body: later.body, label: later.label } : undefined),
    // A pull merges by the records' own times (study-space/pull.ts), never the outbox's.
    heldIds: () => [],
    sendAll: pushStudyEntries,
  },
});
