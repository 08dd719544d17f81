// The study tools on Bible verses, for the chapter reader: the chapter's highlights (kept by verse
// reference in db.verseHighlights, study-store.ts), the colours and "Add note" for the selected
// verses (the articles' highlight bar), and the sheet of one verse highlight (the articles' panel:
// colour, note, remove).
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { db, useLiveQuery, type HighlightColor, type VerseHighlight, type VersePassage } from '../../db/db.ts';
import { notifyError } from '../../components/ui/toast.tsx';
import { HighlightBar } from './HighlightBar.tsx';
import { HighlightPanel, SheetDialog, type SheetState } from './StudySheet.tsx';
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
export function VerseHighlightSheet({
  sheet,
  highlights,
  onChange,
  onRemoved,
}: {
  sheet: SheetState;
  highlights: VerseHighlight[];
  onChange: Dispatch<SetStateAction<SheetState>>;
  /** Told once a highlight is removed here, before the sheet closes. */
  onRemoved?: (highlight: VerseHighlight) => void;
}) {
  const open = sheet?.kind === 'highlight';
  const highlight = open ? highlights.find((h) => h._id === sheet.id) : undefined;
  return (
    <SheetDialog open={open} title={highlight ? passageTitle(highlight.passage) : 'Highlight'} testId="verse-highlight-sheet" onClose={() => onChange(null)}>
      {open && highlight ? (
        <HighlightPanel
          highlight={highlight}
          words={highlight.text}
          update={updateVerseHighlight}
          remove={(id) => removeVerseHighlight(id).then(() => onRemoved?.(highlight))}
          editNote={Boolean(sheet.editNote)}
          onChange={onChange}
        />
      ) : (
        <p>This highlight was removed.</p>
      )}
    </SheetDialog>
  );
}
