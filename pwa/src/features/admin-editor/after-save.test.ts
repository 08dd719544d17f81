// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isEditState, outcomeOf, savedFromState, savedState, type SavedNote } from './after-save.ts';
import { prefillFromState } from './article-form.ts';

const ID = '65a1b2c3d4e5f60718293a01';
const note: SavedNote = { id: ID, title: 'Hope', isPublished: false, action: 'created', outcome: 'sent' };

describe('after-save state', () => {
  it('round-trips through navigation state and refuses what it does not know', () => {
    expect(savedFromState(savedState(note))).toEqual(note);
    expect(savedFromState({ saved: { ...note, id: '../admin' } })).toBeNull();
    expect(savedFromState({ saved: { ...note, action: 'deleted' } })).toBeNull();
    expect(savedFromState({ saved: { ...note, outcome: 'maybe' } })).toBeNull();
    expect(savedFromState({ article: { _id: ID } })).toBeNull();
    expect(savedFromState(null)).toBeNull();
  });

  it('says queued when the server has not answered, conflict when edits crossed, sent otherwise', () => {
    expect(outcomeOf(null)).toBe('queued');
    expect(outcomeOf({ outcome: 'conflict' })).toBe('conflict');
    expect(outcomeOf({ outcome: 'done' })).toBe('sent');
  });

  it('tells an edit from a new article, the same way the editor reads the state', () => {
    expect(isEditState(null)).toBe(false);
    expect(isEditState({ article: { title: 'no id yet' } })).toBe(false);
    expect(isEditState({ article: { _id: ID, title: 'T' } })).toBe(true);
    expect(isEditState(savedState(note))).toBe(false);
    expect(isEditState(savedState({ ...note, action: 'updated' }))).toBe(true);
    expect(isEditState(savedState({ ...note, action: 'restored' }))).toBe(true);
    for (const state of [null, { article: { _id: ID } }, { article: { _id: 'x' } }, { _id: ID }]) {
      expect(isEditState(state)).toBe(prefillFromState(state).target !== null);
    }
  });
});
