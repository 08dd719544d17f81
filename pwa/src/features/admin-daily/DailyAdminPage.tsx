// /admin/daily: the daily texts on this device by date, upcoming (today and later) first, then past
// ones, newest first. Add, edit and delete (after a confirmation), and import many at once. Every
// change goes through the outbox, so it works offline and shows its pending mark.
import { useState } from 'react';
import { formatDailyDate, type DailyTextFields } from '@fw/contracts/daily';
import { IconButton, buttonStyles } from '../../components/ui/IconButton.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { TrashIcon } from '../../components/ui/icons.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import type { LocalDailyText } from '../../db/db.ts';
import { CONFIRM } from '../../lib/admin-messages.ts';
import { useRecordMarks } from '../../sync/admin-status.ts';
import page from '../../components/ui/AdminPage.module.css';
import { DailyForm } from './DailyForm.tsx';
import { DailyImportPanel } from './DailyImportPanel.tsx';
import { deleteDailyText, importDailyTexts, saveDailyText, useAdminDailyTexts } from './use-admin-daily.ts';
import styles from './DailyAdminPage.module.css';

type Panel = { kind: 'form'; editing: LocalDailyText | null } | { kind: 'import' } | null;

export function DailyAdminPage() {
  const texts = useAdminDailyTexts();
  const marks = useRecordMarks();
  const { confirm, dialog } = useConfirm();
  const [panel, setPanel] = useState<Panel>(null);
  const ignore = () => undefined;

  function save(fields: DailyTextFields, editing: LocalDailyText | null) {
    setPanel(null);
    void saveDailyText(fields, editing).catch(ignore);
  }

  async function remove(text: LocalDailyText) {
    if (!(await confirm(CONFIRM.deleteDailyText))) return;
    if (panel?.kind === 'form' && panel.editing?.date === text.date) setPanel(null);
    await deleteDailyText(text).catch(ignore);
  }

  function list(title: string, items: LocalDailyText[], testId: string) {
    return (
      <section className={styles.group} aria-label={title} data-testid={testId}>
        <h2 className={page.subheading}>{title}</h2>
        {items.length === 0 ? (
          <p className="empty-state">{title === 'Upcoming' ? 'No upcoming daily texts. Add tomorrow’s.' : 'No past daily texts on this device.'}</p>
        ) : (
          <ul className={styles.texts}>
            {items.map((text) => {
              const when = formatDailyDate(text.date);
              const mark = marks.get(text.date) ?? (text.pending ? 'pending' : undefined);
              return (
                <li key={text.date} className={styles.text} data-testid="admin-daily-text" data-date={text.date}>
                  <div className={styles.textSummary}>
                    <span className={styles.textDate}>{when}</span>
                    <span className={styles.textReference}>{text.reference}</span>
                    {mark ? <PendingBadge mark={mark} /> : null}
                  </div>
                  <div className={styles.textActions}>
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      aria-label={`Edit the text for ${when}`}
                      onClick={() => setPanel({ kind: 'form', editing: text })}
                    >
                      Edit
                    </button>
                    <IconButton label={`Delete the text for ${when}`} tone="danger" onClick={() => void remove(text)}>
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
      <h1 className={page.heading}>Daily Text</h1>
      <p className={page.lead}>
        A Bible text and a short comment for each day, shown on the home page and on the Daily text page. Changes are saved on this
        device first and sent when online.
      </p>
      <div className={styles.toolbar}>
        <button type="button" className={buttonStyles.primary} onClick={() => setPanel({ kind: 'form', editing: null })}>
          Add daily text
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setPanel({ kind: 'import' })}>
          Import daily texts
        </button>
      </div>
      {panel?.kind === 'form' && texts ? (
        <DailyForm
          key={panel.editing?.date ?? 'new'}
          editing={panel.editing}
          texts={texts.all}
          onSave={(fields) => save(fields, panel.editing)}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel?.kind === 'import' && texts ? (
        <DailyImportPanel
          texts={texts.all}
          onClose={() => setPanel(null)}
          onImport={(check) => {
            setPanel(null);
            void importDailyTexts(check.rows).catch(ignore);
          }}
        />
      ) : null}
      {texts ? (
        <>
          {list('Upcoming', texts.upcoming, 'upcoming-admin-daily')}
          {list('Past', texts.past, 'past-admin-daily')}
        </>
      ) : null}
      {dialog}
    </div>
  );
}
