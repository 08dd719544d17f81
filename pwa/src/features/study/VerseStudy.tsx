// The study tools on Bible verses, for the chapter reader: the chapter's highlights (kept by verse
// reference in db.verseHighlights, study-store.ts), the colours and "Add note" for the selected
// verses (the articles' highlight bar), and the sheet of one verse highlight (the articles' panel:
// colour, note, remove).
import { useId, useMemo, type Dispatch, type SetStateAction } from 'react';
import { db, useLiveQuery, type HighlightColor, type VerseHighlight, type VersePassage } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { useModal } from '../../components/ui/use-modal.ts';
import { HighlightBar } from './HighlightBar.tsx';
import { HighlightPanel, type SheetState } from './StudySheet.tsx';
import { addVerseHighlight, removeVerseHighlight, updateVerseHighlight } from './study-store.ts';
import { passageTitle, verseChapterId, verseMarks } from './verse-anchor.ts';
import styles from './study.module.css';

/** The chapter's verse highlights, and what each highlighted verse shows. */
export function useVerseMarks(osis: string, chapter: number) {
  const chapterId = verseChapterId({ osis, chapter });
  const highlights = useLiveQuery(() => db.verseHighlights.where('chapterId').equals(chapterId).toArray(), [chapterId]);
  const marks = useMemo(() => verseMarks(highlights ?? []), [highlights]);
  return { highlights, marks };
}

export type VerseSheetState = SheetState;

interface ToolsProps {
  passage: VersePassage;
  /** The selected verses' words, kept with the highlight for My notes. */
  words: string;
  /** The highlight already on the selected verses, if one is. */
  markedId: string | null;
  onDone: () => void;
  onSheet: Dispatch<SetStateAction<SheetState>>;
}

/** The colours and "Add note" for the selected verses; "Edit highlight" when one is on them. */
export function VerseHighlightTools({ passage, words, markedId, onDone, onSheet }: ToolsProps) {
  async function create(color: HighlightColor, withNote: boolean) {
    try {
      const made = await addVerseHighlight(passage, words, color);
      onDone();
      if (withNote) onSheet({ kind: 'highlight', id: made._id, editNote: true });
    } catch (error) {
      notifyError(error);
    }
  }
  return (
    <>
      <HighlightBar inline onColor={(color) => void create(color, false)} onNote={() => void create('yellow', true)} onActive={() => {}} />
      {markedId ? (
        <button type="button" className={styles.secondary} onClick={() => onSheet({ kind: 'highlight', id: markedId })}>
          Edit highlight
        </button>
      ) : null}
    </>
  );
}

/** One verse highlight in a sheet: its verses, colour, note, removal. */
export function VerseHighlightSheet({ sheet, highlights, onChange }: { sheet: SheetState; highlights: VerseHighlight[]; onChange: Dispatch<SetStateAction<SheetState>> }) {
  const titleId = useId();
  const open = sheet?.kind === 'highlight';
  const ref = useModal(open);
  const highlight = open ? highlights.find((h) => h._id === sheet.id) : undefined;
  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      data-testid="verse-highlight-sheet"
      onCancel={(event) => {
        event.preventDefault();
        onChange(null);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onChange(null);
      }}
    >
      {open ? (
        <div className={styles.sheetBody}>
          <div className={styles.sheetHead}>
            <h2 id={titleId}>{highlight ? passageTitle(highlight.passage) : 'Highlight'}</h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={() => onChange(null)}>
              ×
            </button>
          </div>
          {highlight ? (
            <HighlightPanel
              highlight={highlight}
              words={highlight.text}
              update={updateVerseHighlight}
              remove={removeVerseHighlight}
              editNote={Boolean(sheet.editNote)}
              onChange={onChange}
            />
          ) : (
            <p>This highlight was removed.</p>
          )}
        </div>
      ) : null}
    </dialog>
  );
}
