// /admin/worship: the Family Worship lessons, upcoming first (the current one and later), then
// past ones, newest first. Add, edit and delete (after a confirmation), and import many at once.
// Every change goes through the outbox, so it works offline and shows its pending mark.
import { useState } from 'react';
import type { LessonFields } from '@fw/contracts/lessons';
import { IconButton, buttonStyles } from '../../components/ui/IconButton.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { TrashIcon } from '../../components/ui/icons.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import type { LocalLesson } from '../../db/db.ts';
import { CONFIRM } from '../../lib/admin-messages.ts';
import { useRecordMarks } from '../../sync/admin-status.ts';
import page from '../../components/ui/AdminPage.module.css';
import { ImportPanel } from './ImportPanel.tsx';
import { LessonForm } from './LessonForm.tsx';
import { deleteLesson, importLessons, saveLesson, useAdminLessons } from './use-admin-lessons.ts';
import styles from './WorshipAdminPage.module.css';

type Panel = { kind: 'form'; editing: LocalLesson | null } | { kind: 'import' } | null;

export function WorshipAdminPage() {
  const lessons = useAdminLessons();
  const marks = useRecordMarks();
  const { confirm, dialog } = useConfirm();
  const [panel, setPanel] = useState<Panel>(null);
  const ignore = () => undefined;

  function save(fields: LessonFields, editing: LocalLesson | null) {
    setPanel(null);
    void saveLesson(fields, editing).catch(ignore);
  }

  async function remove(lesson: LocalLesson) {
    if (!(await confirm(CONFIRM.deleteLesson))) return;
    if (panel?.kind === 'form' && panel.editing?._id === lesson._id) setPanel(null);
    await deleteLesson(lesson).catch(ignore);
  }

  function list(title: string, items: LocalLesson[], testId: string) {
    return (
      <section className={styles.group} aria-label={title} data-testid={testId}>
        <h2 className={page.subheading}>{title}</h2>
        {items.length === 0 ? (
          <p className="empty-state">{title === 'Upcoming' ? 'No upcoming lessons. Add next Friday’s lesson.' : 'No past lessons.'}</p>
        ) : (
          <ul className={styles.lessons}>
            {items.map((lesson) => {
              const mark = marks.get(lesson._id) ?? (lesson.pending ? 'pending' : undefined);
              return (
                <li key={lesson._id} className={styles.lesson} data-testid="admin-lesson" data-date={lesson.date}>
                  <div className={styles.lessonText}>
                    <span className={styles.lessonDate}>{lesson.D}</span>
                    <span className={styles.lessonTitle}>{lesson.T}</span>
                    {mark ? <PendingBadge mark={mark} /> : null}
                  </div>
                  <div className={styles.lessonActions}>
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      aria-label={`Edit the lesson for ${lesson.D}`}
                      onClick={() => setPanel({ kind: 'form', editing: lesson })}
                    >
                      Edit
                    </button>
                    <IconButton label={`Delete the lesson for ${lesson.D}`} tone="danger" onClick={() => void remove(lesson)}>
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
      <h1 className={page.heading}>Family Worship</h1>
      <p className={page.lead}>Lessons families see on the Family page. Changes are saved on this device first and sent when online.</p>
      <div className={styles.toolbar}>
        <button type="button" className={buttonStyles.primary} onClick={() => setPanel({ kind: 'form', editing: null })}>
          Add lesson
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setPanel({ kind: 'import' })}>
          Import lessons
        </button>
      </div>
      {panel?.kind === 'form' && lessons ? (
        <LessonForm
          key={panel.editing?._id ?? 'new'}
          editing={panel.editing}
          lessons={lessons.all}
          onSave={(fields) => save(fields, panel.editing)}
          onCancel={() => setPanel(null)}
        />
      ) : null}
      {panel?.kind === 'import' && lessons ? (
        <ImportPanel
          lessons={lessons.all}
          onClose={() => setPanel(null)}
          onImport={(check) => {
            setPanel(null);
            void importLessons(check.rows).catch(ignore);
          }}
        />
      ) : null}
      {lessons ? (
        <>
          {list('Upcoming', lessons.upcoming, 'upcoming-admin-lessons')}
          {list('Past', lessons.past, 'past-admin-lessons')}
        </>
      ) : null}
      {dialog}
    </div>
  );
}
