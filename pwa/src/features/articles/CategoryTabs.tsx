// The category tabs as an ARIA tab list: arrow keys move between tabs, Home/End jump.
import { useRef, type KeyboardEvent } from 'react';
import { HOME_TABS, type HomeTab } from '@fw/contracts/categories';
import styles from './CategoryTabs.module.css';

export function CategoryTabs({ selected, onSelect }: { selected: HomeTab; onSelect: (tab: HomeTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = HOME_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(HOME_TABS[next]!);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label="Categories" className={styles.tabs}>
      {HOME_TABS.map((tab, index) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[index] = el;
          }}
          id={`tab-${tab}`}
          role="tab"
          type="button"
          aria-selected={tab === selected}
          aria-controls="category-panel"
          tabIndex={tab === selected ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(tab)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
