// The admin area's frame: a header with Logout, the sync status line, the list of changes still
// on their way (or refused), and the menu: a side menu on wide screens, a bottom bar below 768 px.
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { BookIcon, FileIcon, GridIcon, LogoutIcon, MessageIcon, PlusIcon, UsersIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../app/paths.ts';
import { OutboxPanel } from './OutboxPanel.tsx';
import { logout } from './logout.ts';
import { useRefreshOnNavigate } from './use-refresh-on-navigate.ts';
import styles from './AdminLayout.module.css';

const MENU = [
  { to: paths.admin, label: 'Dashboard', Icon: GridIcon, end: true },
  { to: paths.adminCreate, label: 'Create', Icon: PlusIcon, end: false },
  { to: paths.adminAllArticles, label: 'All Articles', Icon: FileIcon, end: false },
  { to: paths.adminComments, label: 'Comments', Icon: MessageIcon, end: false },
  { to: paths.adminUsers, label: 'Users', Icon: UsersIcon, end: false },
  { to: paths.adminWorship, label: 'Family Worship', Icon: BookIcon, end: false },
];

export function AdminLayout() {
  const navigate = useNavigate();
  useRefreshOnNavigate();
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>
            Living Best Now <span className={styles.area}>Admin</span>
          </span>
        </Link>
        <button type="button" className={styles.logout} onClick={() => void logout(navigate)}>
          <LogoutIcon />
          <span>Logout</span>
        </button>
      </header>
      <StatusLine />
      <div className={styles.body}>
        <nav className={styles.menu} aria-label="Admin">
          <ul>
            {MENU.map(({ to, label, Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={styles.entry}>
                  <Icon />
                  <span>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          <OutboxPanel />
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
