// What the editor's address carries after a save, so the writer sees what was saved (and a
// reload of that screen still shows it): the article, what the save did, and how far it got.
// Also whether the editor screen is an edit, which the admin menu needs to leave "Create" alone.
// Kept free of the editor's heavier modules: the admin layout reads it on every screen.
import { OBJECT_ID_PATTERN } from '@fw/contracts/limits';

type SaveAction = 'created' | 'updated' | 'restored';
/** sent: the server confirmed it; queued: waiting in the outbox; conflict: another admin's save crossed it. */
export type SaveOutcome = 'sent' | 'queued' | 'conflict';

export interface SavedNote {
  id: string;
  title: string;
  isPublished: boolean;
  action: SaveAction;
  outcome: SaveOutcome;
}

const ACTIONS: readonly string[] = ['created', 'updated', 'restored'];
const OUTCOMES: readonly string[] = ['sent', 'queued', 'conflict'];

/** The outbox's answer to the save as a SavedNote outcome (a refused save never gets here). */
export function outcomeOf(report: { outcome: string } | null): SaveOutcome {
  if (!report) return 'queued';
  return report.outcome === 'conflict' ? 'conflict' : 'sent';
}

/** The navigation state that opens the after-save screen. */
export function savedState(note: SavedNote): { saved: SavedNote } {
  return { saved: note };
}

/** Read defensively: history state survives reloads and may come from an older version. */
export function savedFromState(state: unknown): SavedNote | null {
  if (!state || typeof state !== 'object' || !('saved' in state)) return null;
  const saved = (state as { saved: unknown }).saved;
  if (!saved || typeof saved !== 'object') return null;
  const note = saved as Record<string, unknown>;
  if (typeof note.id !== 'string' || !OBJECT_ID_PATTERN.test(note.id)) return null;
  if (typeof note.action !== 'string' || !ACTIONS.includes(note.action)) return null;
  if (typeof note.outcome !== 'string' || !OUTCOMES.includes(note.outcome)) return null;
  return {
    id: note.id,
    title: typeof note.title === 'string' ? note.title : '',
    isPublished: note.isPublished === true,
    action: note.action as SaveAction,
    outcome: note.outcome as SaveOutcome,
  };
}

/**
 * Whether the editor's address is an existing article's: one handed over to edit (`{ article }`
 * with an id, as the dashboard does) or the screen after updating or restoring one.
 */
export function isEditState(state: unknown): boolean {
  const saved = savedFromState(state);
  if (saved) return saved.action !== 'created';
  if (!state || typeof state !== 'object') return false;
  const source = 'article' in state ? (state as { article: unknown }).article : state;
  if (!source || typeof source !== 'object') return false;
  const id = (source as { _id?: unknown })._id;
  return typeof id === 'string' && OBJECT_ID_PATTERN.test(id);
}
