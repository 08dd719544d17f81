// "Listen": reads an article or a lesson aloud (lib/read-aloud.ts). The button sits with the
// page's actions and opens the player (ListenBar.tsx); the reading itself, the highlight of the
// sentence being read and the place kept on the device are use-read-aloud.ts. Where the CSS
// Custom Highlight API is missing the bar still says which sentence is read.
import { useRef, useState, type RefObject } from 'react';
import { ListenBar } from './ListenBar.tsx';
import { useReadAloud } from './use-read-aloud.ts';
import styles from './ListenControl.module.css';

export function ListenControl({ rootRef, placeKey, name }: { rootRef: RefObject<HTMLElement | null>; placeKey: string; name: string }) {
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const player = useReadAloud(rootRef, placeKey, bar);

  function close() {
    player.stop();
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className={styles.action}
        aria-expanded={open}
        onClick={() => {
          if (open) return close();
          setOpen(true);
          void player.play();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 9v6h4l5 4V5L8 9z" />
          <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" strokeLinecap="round" />
        </svg>
        <span>Listen</span>
      </button>
      {open ? <ListenBar barRef={bar} name={name} player={player} onClose={close} /> : null}
    </>
  );
}
