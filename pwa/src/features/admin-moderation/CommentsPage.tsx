// /admin/comments: visitors' comments, Not Approved first (the default filter), newest first, a
// page at a time, with a filter by name, text or article title (components/ui/table-window.ts).
// Approving is one way and asks nothing; deleting asks for confirmation first.
import { useState } from 'react';
import type { CommentStatus } from '@fw/contracts';
import type { LocalAdminComment } from '../../db/db.ts';
import { useTableWindow } from '../../components/ui/table-window.ts';
import { FilterBox, MoreRows, NoMatch, searching } from '../../components/ui/TableWindow.tsx';
import { DataTable, cell, type Column } from '../../components/ui/DataTable.tsx';
import { IconButton, buttonStyles } from '../../components/ui/IconButton.tsx';
import { ActionsCell, DeleteButton } from '../../components/ui/ActionsCell.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { CheckIcon } from '../../components/ui/admin-icons.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { sendWrite } from '../../sync/send-write.ts';
import { useAdminLoadProblem, useAdminSynced, useRecordMarks, useWalkPause } from '../../sync/admin-status.ts';
import { CONFIRM, SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { shortDate } from '../../lib/format.ts';
import page from '../../components/ui/AdminPage.module.css';
import styles from './CommentsPage.module.css';
import { useAdminComments } from './use-admin-comments.ts';

const FILTERS: { value: CommentStatus; label: string }[] = [
  { value: 'approved', label: 'Approved' },
  { value: 'waiting', label: 'Not Approved' },
];
const COLUMNS: Column[] = [{ label: 'Article Title & Comment' }, { label: 'Date' }, { label: 'Action', actions: true }];
/** A comment whose article was deleted meanwhile still needs a line to show. */
const MISSING_ARTICLE_TITLE = 'Deleted article';

export function CommentsPage() {
  const [filter, setFilter] = useState<CommentStatus>('waiting');
  const table = useTableWindow(filter);
  const synced = useAdminSynced();
  const problem = useAdminLoadProblem();
  const marks = useRecordMarks();
  const { confirm, dialog } = useConfirm();
  const slice = useAdminComments(filter, table.q, table.shown);
  const comments = slice?.rows;

  function approve(comment: LocalAdminComment) {
    void sendWrite(
      { kind: 'approveComment', recordId: comment._id, body: { id: comment._id }, label: `Approve the comment by ${comment.name}` },
      SUCCESS_FALLBACK.approvedComment,
    ).catch(() => undefined);
  }

  async function remove(comment: LocalAdminComment) {
    if (!(await confirm(CONFIRM.deleteComment))) return;
    await sendWrite(
      { kind: 'deleteComment', recordId: comment._id, body: { id: comment._id }, label: `Delete the comment by ${comment.name}` },
      SUCCESS_FALLBACK.deletedComment,
    ).catch(() => undefined);
  }

  return (
    <div className={page.page}>
      <h1 className={page.heading}>Comments</h1>
      <div className={styles.filters} role="group" aria-label="Show comments">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={buttonStyles.secondary}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
        <FilterBox table={table} label="Filter by name or words" />
      </div>
      <DataTable
        label={filter === 'approved' ? 'Approved comments' : 'Comments not approved'}
        columns={COLUMNS}
        rowCount={synced || comments?.length ? comments?.length : undefined}
        problem={problem}
        stale={searching(slice, table)}
        empty={
          slice?.q ? (
            <NoMatch table={table} q={slice.q} what={filter === 'approved' ? 'approved comments' : 'comments waiting for approval'} />
          ) : filter === 'approved' ? (
            'No approved comments yet.'
          ) : (
            'No comments are waiting for approval.'
          )
        }
        cardsOnPhones
      >
        {comments?.map((comment) => (
          <tr key={comment._id} data-testid="comment-row" data-id={comment._id}>
            <td>
              <div className={styles.article}>
                {comment.article?.title ?? MISSING_ARTICLE_TITLE}
                {marks.has(comment._id) ? <PendingBadge mark={marks.get(comment._id)} /> : null}
              </div>
              <div className={styles.name}>{comment.name}</div>
              <p className={styles.text}>{comment.content}</p>
            </td>
            <td className={cell.muted}>{shortDate(comment.createdAt)}</td>
            <ActionsCell stackSmall>
              {comment.isApproved ? (
                <span className={styles.approved}>Approved</span>
              ) : (
                <IconButton label={`Approve the comment by ${comment.name}`} tone="success" onClick={() => approve(comment)} data-action="approve">
                  <CheckIcon />
                </IconButton>
              )}
              <DeleteButton label={`Delete the comment by ${comment.name}`} onClick={() => void remove(comment)} />
            </ActionsCell>
          </tr>
        ))}
      </DataTable>
      <MoreRows slice={slice} table={table} noun="comments" pause={useWalkPause()} />
      {dialog}
    </div>
  );
}
