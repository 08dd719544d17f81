// The bar offered while words of the article are selected: four colours and "Add note". It is a
// labelled group placed right after the article text, so the keyboard reaches it next (Tab) and
// a screen reader names it; pressing its buttons keeps the selection (pointerdown does not take it).
// Each colour's name is written on it: under the swatch on touch screens (nothing hovers there),
// above it while it has keyboard focus or the mouse (study.module.css).
import { forwardRef } from 'react';
import { HIGHLIGHT_COLORS, type HighlightColor } from '../../db/db.ts';
import { COLOR_LABELS } from './StudySheet.tsx';
import styles from './study.module.css';

const HIGHLIGHT_BAR_LABEL = 'Highlight the selected words';

interface Props {
  /** Drawn in its place inside another panel (the chapter reader's verse tools), not floating. */
  inline?: boolean;
  onColor: (color: HighlightColor) => void;
  onNote: () => void;
  onActive: (active: boolean) => void;
  /** Escape pressed in the bar (the words are kept selected). */
  onEscape?: () => void;
}

export const HighlightBar = forwardRef<HTMLDivElement, Props>(function HighlightBar({ inline, onColor, onNote, onActive, onEscape }, ref) {
  return (
    <div
      ref={ref}
      role="group"
      aria-label={HIGHLIGHT_BAR_LABEL}
      className={inline ? styles.barInline : styles.bar}
      data-testid="highlight-bar"
      onPointerDown={(event) => {
        onActive(true);
        // Keeps the reader's selection while a button is pressed (a mouse would clear it).
        event.preventDefault();
      }}
      onFocus={() => onActive(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onActive(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        onActive(false);
        onEscape?.();
      }}
    >
      <span className={styles.barLabel} aria-hidden="true">
        Highlight
      </span>
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={`${styles.colorButton} hl-${color}`}
          aria-label={`Highlight in ${COLOR_LABELS[color].toLowerCase()}`}
          onClick={() => onColor(color)}
        >
          <span className={styles.colorName} aria-hidden="true">
            {COLOR_LABELS[color]}
          </span>
        </button>
      ))}
      <button type="button" className={styles.barNote} onClick={onNote}>
        Add note
      </button>
    </div>
  );
});
