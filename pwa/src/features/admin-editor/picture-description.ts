// Where the editor's pictures are and what they are called, read from Quill's document (no React
// here): the pictures a user's change added, and the picture a click or a selection is on.
import type Quill from 'quill';
import type Delta from 'quill-delta';

export const DESCRIBE_PICTURE_TITLE = 'Describe this picture for people who cannot see it';
export const DESCRIBE_PICTURE_TEXT = 'A screen reader reads this in place of the picture. Skip leaves it without one.';
export const DESCRIBE_PICTURE_LABEL = 'Description';
export const DESCRIBE_PICTURE_SAVE = 'Save';
export const DESCRIBE_PICTURE_SKIP = 'Skip';
export const EDIT_DESCRIPTION_LABEL = 'Edit description';

const isPicture = (insert: unknown) => typeof insert === 'object' && insert !== null && 'image' in insert;

/**
 * The document places of the pictures `change` inserted that carry no description yet (a
 * picture brought back by Undo keeps the one it had and is not asked about again).
 */
export function addedPictures(change: Delta): number[] {
  const found: number[] = [];
  let index = 0;
  for (const op of change.ops) {
    if (typeof op.retain === 'number') index += op.retain;
    else if (typeof op.insert === 'string') index += op.insert.length;
    else if (op.insert !== undefined) {
      if (isPicture(op.insert) && op.attributes?.alt === undefined) found.push(index);
      index += 1;
    }
  }
  return found;
}

/** The picture at `index`, or null when something else is there. */
export function pictureAt(quill: Quill, index: number): HTMLImageElement | null {
  const [leaf] = quill.getLeaf(index + 1);
  const node = leaf?.domNode;
  return node instanceof HTMLImageElement ? node : null;
}

/** The place of a picture element of the editor's document. */
export function indexOfPicture(quill: Quill, image: HTMLImageElement): number | null {
  const blot = (quill.constructor as typeof Quill).find(image);
  return blot && blot !== quill ? quill.getIndex(blot as Parameters<Quill['getIndex']>[0]) : null;
}

/** Sets (or, when empty, removes) a picture's description as a user edit the history can undo. */
export function describePicture(quill: Quill, index: number, description: string): void {
  quill.formatText(index, 1, 'alt', description.trim() || false, 'user');
}
