// The notes sheet: a modal dialog (a sheet from the bottom on phones) for one highlight (its
// colour, its note, remove it), for a note on the whole article, or listing everything on this
// article, with highlights whose words are gone under "No longer in the article" (a listed one
// opens scrolled into view: the keyboard's way to a highlight with no note marker). Focus moves
// into it, Escape closes it, and focus returns to what opened it (or to the Notes action when
// that is gone). "Save note" closes it: the note is kept, and the reader goes back to reading.
import { useEffect, useId, useRef, useState, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { HIGHLIGHT_COLORS, type ArticleNote, type Highlight, type HighlightColor } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { useModal } from '../../components/ui/use-modal.ts';
import {
  addArticleNote,
  removeArticleNote,
  removeHighlight,
  updateArticleNote,
  updateHighlight,
  type ArticleRef,
} from './study-store.ts';
import styles from './study.module.css';

export const COLOR_LABELS: Record<HighlightColor, string> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' };
export const NO_LONGER_IN_ARTICLE = 'No longer in the article';

export type SheetState =
  | { kind: 'highlight'; id: string; editNote?: boolean; fromList?: boolean }
  | { kind: 'note'; id: string | null }
  | { kind: 'list' }
  | null;

interface Props {
  article: ArticleRef;
  sheet: SheetState;
  highlights: Highlight[];
  notes: ArticleNote[];
  /** Ids of highlights whose words were found, in the order they stand in the article. */
  placed: string[];
  onChange: Dispatch<SetStateAction<SheetState>>;
  /** Where focus goes when the sheet closes and what opened it is gone (the Notes action). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** After a save: move on from `from` only if the sheet still shows it (it may have been closed meanwhile). */
const after = (from: (s: SheetState) => boolean, next: SheetState) => (current: SheetState) => (from(current) ? next : current);

function NoteEditor({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave: (text: string) => Promise<void>; onCancel?: () => void }) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const id = useId();
  return (
    <form
      className={styles.noteForm}
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        onSave(text.trim())
          .catch((error: unknown) => notifyError(error))
          .finally(() => setSaving(false));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={text} rows={5} autoFocus onChange={(e) => setText(e.target.value)} />
      <div className={styles.sheetActions}>
        {onCancel ? (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={styles.primary} disabled={saving || text.trim() === initial.trim()}>
          Save note
        </button>
      </div>
    </form>
  );
}

interface PanelHighlight {
  _id: string;
  color: HighlightColor;
  note: string;
  orphan?: 1;
}

export interface HighlightPanelProps {
  highlight: PanelHighlight;
  /** The highlighted words as shown (a quote of the article, or the verses). */
  words: string;
  /** The store's writes for this kind of highlight (an article's or a verse's). */
  update: (id: string, change: { color?: HighlightColor; note?: string }) => Promise<void>;
  remove: (id: string) => Promise<void>;
  editNote: boolean;
  onChange: Props['onChange'];
}

/** One highlight: its colour, its note and its removal (an article's, or a Bible verse's). */
export function HighlightPanel({ highlight, words, update, remove, editNote, onChange }: HighlightPanelProps) {
  const fail = (error: unknown) => notifyError(error);
  return (
    <>
      <blockquote className={`${styles.quote} hl-${highlight.color}`}>{words}</blockquote>
      {highlight.orphan ? <p className={styles.orphan}>{NO_LONGER_IN_ARTICLE}: the article was changed and these words are gone. Your highlight and note are kept.</p> : null}
      <fieldset className={styles.colors}>
        <legend>Colour</legend>
        {HIGHLIGHT_COLORS.map((color) => (
          <label key={color} className={`${styles.swatch} hl-${color}`}>
            <input
              type="radio"
              name="highlight-colour"
              checked={highlight.color === color}
              onChange={() => void update(highlight._id, { color }).catch(fail)}
            />
            <span>{COLOR_LABELS[color]}</span>
          </label>
        ))}
      </fieldset>
      {editNote || !highlight.note ? (
        <NoteEditor
          key={highlight._id}
          label={highlight.note ? 'Your note' : 'Add a note'}
          initial={highlight.note}
          onSave={(note) =>
            update(highlight._id, { note }).then(() => onChange(after((s) => s?.kind === 'highlight' && s.id === highlight._id, null)))
          }
        />
      ) : (
        <div className={styles.noteShown}>
          <h3>Your note</h3>
          <p className={styles.noteText}>{highlight.note}</p>
          <button type="button" className={styles.secondary} onClick={() => onChange({ kind: 'highlight', id: highlight._id, editNote: true })}>
            Edit note
          </button>
        </div>
      )}
      <div className={styles.sheetActions}>
        <button type="button" className={styles.danger} onClick={() => void remove(highlight._id).then(() => onChange(null), fail)}>
          Remove highlight
        </button>
      </div>
    </>
  );
}

function ListPanel({ highlights, notes, placed, onChange }: Omit<Props, 'article' | 'sheet'>) {
  const byId = new Map(highlights.map((h) => [h._id, h]));
  const inOrder = placed.map((id) => byId.get(id)).filter((h): h is Highlight => Boolean(h));
  const gone = highlights.filter((h) => !placed.includes(h._id));
  const item = (h: Highlight) => (
    <li key={h._id} className={styles.listItem}>
      <button type="button" className={styles.itemButton} onClick={() => onChange({ kind: 'highlight', id: h._id, fromList: true })}>
        <span className={`${styles.itemQuote} hl-${h.color}`}>{h.quote.exact}</span>
        {h.note ? <span className={styles.itemNote}>{h.note}</span> : null}
      </button>
    </li>
  );
  return (
    <>
      <button type="button" className={styles.primary} onClick={() => onChange({ kind: 'note', id: null })}>
        Add a note on this article
      </button>
      {notes.length ? (
        <>
          <h3>Notes on the article</h3>
          <ul className={styles.list}>
            {notes.map((n) => (
              <li key={n._id} className={styles.listItem}>
                <button type="button" className={styles.itemButton} onClick={() => onChange({ kind: 'note', id: n._id })}>
                  <span className={styles.itemNote}>{n.text}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Highlights</h3>
      {inOrder.length ? <ul className={styles.list}>{inOrder.map(item)}</ul> : <p className={styles.muted}>Select words in the article to highlight them.</p>}
      {gone.length ? (
        <>
          <h3>{NO_LONGER_IN_ARTICLE}</h3>
          <p className={styles.muted}>The article was changed and these words are gone from it. They are kept here with your notes.</p>
          <ul className={styles.list}>{gone.map(item)}</ul>
        </>
      ) : null}
    </>
  );
}

/**
 * The sheet every study panel opens in: a modal dialog along the bottom (phones) with its title and
 * Close; Escape and a tap on the backdrop close it too. Focus goes back to `returnFocus` (or the
 * opener) when it closes.
 */
export function SheetDialog({
  open,
  title,
  testId,
  onClose,
  returnFocus,
  view,
  children,
}: {
  open: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  /** Names what the open sheet shows; a change is another panel in the same sheet. */
  view?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useModal(open, returnFocus);
  const headRef = useRef<HTMLDivElement>(null);
  // Another panel in the open sheet (a listed highlight opened, Cancel back to the list): the
  // button pressed went with the old one, and focus would fall to the page. It goes to the new
  // panel's first control (the colour chosen, the note's box) unless that took it (autoFocus).
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog?.open || dialog.contains(document.activeElement)) return;
    const controls = dialog.querySelectorAll<HTMLElement>('input:checked, textarea, button, a[href]');
    [...controls].find((control) => !headRef.current?.contains(control))?.focus();
  }, [open, view, ref]);
  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className={styles.sheetBody}>
          <div ref={headRef} className={styles.sheetHead}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** What the sheet shows, as a name that changes with the panel. */
function viewOf(sheet: SheetState): string {
  if (!sheet) return '';
  if (sheet.kind === 'list') return 'list';
  return `${sheet.kind}:${sheet.id ?? ''}${sheet.kind === 'highlight' && sheet.editNote ? ':edit' : ''}`;
}

export function StudySheet({ article, sheet, highlights, notes, placed, onChange, returnFocus }: Props) {
  const open = sheet !== null;

  const highlight = sheet?.kind === 'highlight' ? highlights.find((h) => h._id === sheet.id) : undefined;
  const note = sheet?.kind === 'note' && sheet.id ? notes.find((n) => n._id === sheet.id) : undefined;
  const title = sheet?.kind === 'highlight' ? 'Highlight' : sheet?.kind === 'note' ? 'Note on this article' : 'Notes on this article';
  const fail = (error: unknown) => notifyError(error);

  return (
    <SheetDialog open={open} title={title} testId="study-sheet" onClose={() => onChange(null)} returnFocus={returnFocus} view={viewOf(sheet)}>
      {sheet ? (
        <>
          {sheet.kind === 'list' ? <ListPanel highlights={highlights} notes={notes} placed={placed} onChange={onChange} /> : null}
          {sheet.kind === 'highlight' && highlight ? (
            <HighlightPanel
              highlight={highlight}
              words={highlight.quote.exact}
              update={updateHighlight}
              remove={removeHighlight}
              editNote={Boolean(sheet.editNote)}
              onChange={onChange}
            />
          ) : null}
          {sheet.kind === 'highlight' && !highlight ? <p>This highlight was removed.</p> : null}
          {sheet.kind === 'note' ? (
            <>
              <NoteEditor
                key={note?._id ?? 'new'}
                label="Your note on the whole article"
                initial={note?.text ?? ''}
                onSave={async (text) => {
                  if (note) await updateArticleNote(note._id, text);
                  else if (text) await addArticleNote(article, text);
                  const editing = note?._id ?? null;
                  onChange(after((s) => s?.kind === 'note' && s.id === editing, null));
                }}
                onCancel={() => onChange({ kind: 'list' })}
              />
              {note ? (
                <div className={styles.sheetActions}>
                  <button type="button" className={styles.danger} onClick={() => void removeArticleNote(note._id).then(() => onChange({ kind: 'list' }), fail)}>
                    Delete note
                  </button>
                </div>
              ) : null}
            </>
          ) : null}
        </>
      ) : null}
    </SheetDialog>
  );
}
