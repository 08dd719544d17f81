// How the kinds that save a whole record (an article, a lesson) merge writes queued on top of
// each other. A save carries every field of the record, so a later save covers an earlier one; a
// delete names no version and ends with the record gone, so it covers any change before it.
import type { Coalesced, QueuedWrite } from './kind.ts';

/** A save naming no version is a create: the server has never had the record. */
const isCreate = (write: QueuedWrite) => write.body.version === undefined;

/**
 * A save after a save: the later content, based on the earlier one's version (the one this
 * device last had from the server, so another admin's change in between is still a conflict). A
 * create followed by edits stays a create, under the create's label.
 */
export function saveOverSave(saveKind: string) {
  return (earlier: QueuedWrite, later: QueuedWrite): Coalesced | undefined => {
    if (earlier.kind !== saveKind) return undefined;
    const { version: _version, ...content } = later.body;
    void _version;
    if (isCreate(earlier)) return { body: content, label: earlier.label };
    return { body: { ...content, version: earlier.body.version }, label: later.label };
  };
}

/**
 * A delete after a save (or after `replaced`, other changes it makes moot): an edit becomes the
 * delete, since the record ends deleted whichever goes first. A create and its delete cancel: the
 * server never had the record (and the outbox keeps both when another write refers to it).
 */
export function deleteOverSave(saveKind: string, replaced: readonly string[] = []) {
  return (earlier: QueuedWrite, later: QueuedWrite): Coalesced | undefined => {
    if (earlier.kind === saveKind) return isCreate(earlier) ? 'cancel' : { body: later.body, label: later.label };
    return replaced.includes(earlier.kind) ? { body: later.body, label: later.label } : undefined;
  };
}
