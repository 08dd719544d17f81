// /admin/users: everyone who registered. Approving makes a user an admin for good (the
// confirmation warns so); admins cannot be deleted here, so their row shows N/A, with why in
// words under it (a tooltip would reach neither touch nor keyboard nor screen reader).
import type { LocalUser } from '../../db/db.ts';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { ActionsCell, DeleteButton } from '../../components/ui/ActionsCell.tsx';
import { PendingBadge } from '../../components/ui/PendingBadge.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { sendWrite } from '../../sync/send-write.ts';
import { useAdminLoadProblem, useAdminSynced, useRecordMarks, useWalkPause } from '../../sync/admin-status.ts';
import { ADMIN_NOT_DELETABLE, CONFIRM, SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import page from '../../components/ui/AdminPage.module.css';
import styles from './UsersPage.module.css';
import { useUsers } from './use-users.ts';
import { useTableWindow } from '../../components/ui/table-window.ts';
import { FilterBox, MoreRows, NoMatch, searching } from '../../components/ui/TableWindow.tsx';

const COLUMNS: Column[] = [{ label: 'Name' }, { label: 'Email' }, { label: 'Role' }, { label: 'Actions', actions: true }];

/** Approval promotes to admin; anyone not yet an approved admin can still be approved. */
function canApprove(user: LocalUser): boolean {
  return !(user.isApproved && user.role === 'admin');
}

export function UsersPage() {
  const synced = useAdminSynced();
  const problem = useAdminLoadProblem();
  const marks = useRecordMarks();
  const { confirm, dialog } = useConfirm();
  const table = useTableWindow();
  const slice = useUsers(table.q, table.shown);
  const users = slice?.rows;

  async function approve(user: LocalUser) {
    if (!(await confirm(CONFIRM.approveUser))) return;
    await sendWrite(
      { kind: 'approveUser', recordId: user._id, body: { userId: user._id }, label: `Make ${user.name} an admin` },
      SUCCESS_FALLBACK.approvedUser,
    ).catch(() => undefined);
  }

  async function remove(user: LocalUser) {
    if (!(await confirm(CONFIRM.deleteUser))) return;
    await sendWrite(
      { kind: 'deleteUser', recordId: user._id, body: { userId: user._id }, label: `Delete the user ${user.name}` },
      SUCCESS_FALLBACK.deletedUser,
    ).catch(() => undefined);
  }

  return (
    <div className={page.page}>
      <h1 className={page.heading}>Users</h1>
      <FilterBox table={table} label="Filter by name or email" />
      <DataTable
        label="Users"
        columns={COLUMNS}
        rowCount={synced || users?.length ? users?.length : undefined}
        problem={problem}
        stale={searching(slice, table)}
        empty={slice?.q ? <NoMatch table={table} q={slice.q} what="users" /> : 'No users yet.'}
        cardsOnPhones
      >
        {users?.map((user) => (
          <tr key={user._id} data-testid="user-row" data-id={user._id}>
            <td className={styles.name}>
              {user.name}
              {marks.has(user._id) ? <PendingBadge mark={marks.get(user._id)} /> : null}
            </td>
            <td className={styles.email}>{user.email}</td>
            <td>
              <span className={user.role === 'admin' ? styles.admin : styles.role}>{user.role}</span>
              {user.isApproved ? null : <span className={styles.waiting}>awaiting approval</span>}
            </td>
            <ActionsCell stackSmall>
              {canApprove(user) ? (
                <button type="button" className={buttonStyles.small} onClick={() => void approve(user)} data-action="approve">
                  Approve
                </button>
              ) : null}
              {user.role === 'admin' ? (
                <span className={styles.na} data-testid="admin-not-deletable">
                  N/A
                  <span className={styles.naWhy}>{ADMIN_NOT_DELETABLE}</span>
                </span>
              ) : (
                <DeleteButton label={`Delete the user ${user.name}`} onClick={() => void remove(user)} />
              )}
            </ActionsCell>
          </tr>
        ))}
      </DataTable>
      <MoreRows slice={slice} table={table} noun="users" pause={useWalkPause()} />
      {dialog}
    </div>
  );
}
