// The admin screens of things kept by date (the Family Worship lessons, the daily texts): a
// toolbar, the form or the import panel, then the upcoming and past lists, each thing with Edit and
// Delete (after a confirmation) and the mark of a change still in the outbox. What the things are,
// their form, and how they are saved are the screen's own.
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { IconButton, buttonStyles } from './IconButton.tsx';
import { PendingBadge, type PendingMark } from './PendingBadge.tsx';
import { TrashIcon } from './admin-icons.tsx';
import { useConfirm, type ConfirmQuestion } from './useConfirm.tsx';
import { useShownOnOpen } from './use-shown-on-open.ts';
import page from './AdminPage.module.css';
import styles from './DatedAdmin.module.css';

/** What the screen needs of a thing: its day (YYYY-MM-DD) and whether a change of it waits. */
export interface DatedThing {
  date?: string;
  pending?: 1;
}

export interface DatedLists<T> {
  all: T[];
  upcoming: T[];
  past: T[];
}

type Panel<T> = { kind: 'form'; editing: T | null } | { kind: 'import' } | null;

export interface DatedAdminPageProps<T extends DatedThing> {
  heading: string;
  lead: string;
  /** What one thing is called in the buttons and labels: "lesson", "daily text". */
  noun: { add: string; edit: string; many: string };
  /** undefined while the device reads. */
  lists: DatedLists<T> | undefined;
  /** The record's id in the outbox, which keys its mark and its row. */
  idOf: (item: T) => string;
  /** The row's words: its date and what it is. */
  describe: (item: T) => { when: string; title: string };
  empty: { upcoming: string; past: string };
  testIds: { item: string; upcoming: string; past: string };
  marks: ReadonlyMap<string, PendingMark>;
  confirmDelete: ConfirmQuestion;
  onDelete: (item: T) => Promise<unknown>;
  /** The add or edit form; `close` puts it away (after a save too). */
  form: (editing: T | null, all: T[], close: () => void) => ReactNode;
  importPanel: (all: T[], close: () => void) => ReactNode;
}

export function DatedAdminPage<T extends DatedThing>(props: DatedAdminPageProps<T>) {
  const { lists, idOf, describe, noun, marks } = props;
  const { confirm, dialog } = useConfirm();
  const [panel, setPanel] = useState<Panel<T>>(null);
  const close = () => setPanel(null);

  async function remove(item: T) {
    if (!(await confirm(props.confirmDelete))) return;
    if (panel?.kind === 'form' && panel.editing && idOf(panel.editing) === idOf(item)) close();
    // A refusal is shown by the outbox's toast and mark; nothing more to do here.
    await props.onDelete(item).catch(() => undefined);
  }

  function list(title: 'Upcoming' | 'Past', items: T[], testId: string) {
    return (
      <section className={styles.group} aria-label={title} data-testid={testId}>
        <h2 className={page.subheading}>{title}</h2>
        {items.length === 0 ? (
          <p className="empty-state">{title === 'Upcoming' ? props.empty.upcoming : props.empty.past}</p>
        ) : (
          <ul className={styles.items}>
            {items.map((item) => {
              const id = idOf(item);
              const mark = marks.get(id) ?? (item.pending ? 'pending' : undefined);
              const { when, title: what } = describe(item);
              return (
                <li key={id} className={styles.item} data-testid={props.testIds.item} data-date={item.date}>
                  <div className={styles.itemText}>
                    <span className={styles.itemDate}>{when}</span>
                    <span className={styles.itemTitle}>{what}</span>
                    {mark ? <PendingBadge mark={mark} /> : null}
                  </div>
                  <div className={styles.itemActions}>
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      aria-label={`Edit the ${noun.edit} for ${when}`}
                      onClick={() => setPanel({ kind: 'form', editing: item })}
                    >
                      Edit
                    </button>
                    <IconButton label={`Delete the ${noun.edit} for ${when}`} tone="danger" onClick={() => void remove(item)}>
                      <TrashIcon />
                    </IconButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    );
  }

  return (
    <div className={page.page}>
      <h1 className={page.heading}>{props.heading}</h1>
      <p className={page.lead}>{props.lead}</p>
      <div className={styles.toolbar}>
        <button type="button" className={buttonStyles.primary} onClick={() => setPanel({ kind: 'form', editing: null })}>
          Add {noun.add}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setPanel({ kind: 'import' })}>
          Import {noun.many}
        </button>
      </div>
      {panel?.kind === 'form' && lists ? (
        <Fragment key={panel.editing ? idOf(panel.editing) : 'new'}>{props.form(panel.editing, lists.all, close)}</Fragment>
      ) : null}
      {panel?.kind === 'import' && lists ? props.importPanel(lists.all, close) : null}
      {lists ? (
        <>
          {list('Upcoming', lists.upcoming, props.testIds.upcoming)}
          {list('Past', lists.past, props.testIds.past)}
        </>
      ) : null}
      {dialog}
    </div>
  );
}

/**
 * A dated thing's form state: its fields, their problems (shown once a save was tried, with
 * DatedFormEnd), and a submit that saves only without problems. `shown` goes on the <form>, which
 * is scrolled into view when it opens.
 */
export function useDatedForm<F>(initial: () => F, problemsOf: (fields: F) => string[], onSave: (fields: F) => void) {
  const [fields, setFields] = useState<F>(initial);
  const [tried, setTried] = useState(false);
  const problems = problemsOf(fields);
  const shown = useShownOnOpen<HTMLFormElement>();
  const set = (change: Partial<F>) => setFields((f) => ({ ...f, ...change }));
  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problems.length === 0) onSave(fields);
  }
  return { fields, set, setFields, tried, problems, shown, submit };
}

/** The end of a dated thing's form: its problems, once a save was tried, then Save and Cancel. */
export function DatedFormEnd({
  tried,
  problems,
  problemsTestId,
  submitLabel,
  onCancel,
}: {
  tried: boolean;
  problems: string[];
  problemsTestId: string;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {tried && problems.length ? (
        <ul className={styles.problems} role="alert" data-testid={problemsTestId}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={buttonStyles.primary}>
          {submitLabel}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
