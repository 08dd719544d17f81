// The admin area's frame: a header with Logout, the sync status line, the list of changes still
// on their way (or refused), and the menu: a side menu on wide screens, a bottom bar below 768 px.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/LoadingScreen.tsx';
import { StatusLine } from '../../features/offline/StatusLine.tsx';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { BookIcon, FileIcon, GridIcon, LogoutIcon, MenuIcon, MessageIcon, PlusIcon, UsersIcon } from '../../components/ui/admin-icons.tsx';
import { paths } from '../../lib/paths.ts';
import { OutboxPanel } from '../../features/outbox/OutboxPanel.tsx';
import { logout } from '../../features/outbox/logout.ts';
import { isEditState } from '../../features/admin-editor/after-save.ts';
import { AdminRefresh } from './AdminRefresh.tsx';
import { useNewPageAtTop } from '../new-page-top.ts';
import { useRouteTitle } from '../page-title.ts';
import { SITE_NAME } from '@fw/contracts/pages';
import styles from './AdminLayout.module.css';

const MENU = [
  { to: paths.admin, label: 'Dashboard', Icon: GridIcon, end: true },
  { to: paths.adminCreate, label: 'Create', Icon: PlusIcon, end: false },
  { to: paths.adminAllArticles, label: 'All Articles', Icon: FileIcon, end: false },
  { to: paths.adminComments, label: 'Comments', Icon: MessageIcon, end: false },
  { to: paths.adminUsers, label: 'Users', Icon: UsersIcon, end: false },
  { to: paths.adminWorship, label: 'Family Worship', Icon: BookIcon, end: false },
  { to: paths.adminDaily, label: 'Daily Text', Icon: ClockIcon, end: false },
];
/** The screens that list what the server holds: each shows when it was last pulled, and Refresh. */
const LIST_SCREENS: ReadonlySet<string> = new Set([paths.admin, paths.adminAllArticles, paths.adminComments, paths.adminUsers]);
/** The phone's bottom bar shows this many entries with readable labels; the rest go under More. */
const BOTTOM_BAR_ENTRIES = 4;
const MORE = MENU.slice(BOTTOM_BAR_ENTRIES);

/** The admin screens' tab titles (the editor sets its own). */
const ADMIN_TITLES: Record<string, string> = {
  [paths.admin]: `Admin · ${SITE_NAME}`,
  [paths.adminAllArticles]: `All Articles · Admin · ${SITE_NAME}`,
  [paths.adminComments]: `Comments · Admin · ${SITE_NAME}`,
  [paths.adminUsers]: `Users · Admin · ${SITE_NAME}`,
  [paths.adminWorship]: `Family Worship · Admin · ${SITE_NAME}`,
  [paths.adminDaily]: `Daily Text · Admin · ${SITE_NAME}`,
};

export function AdminLayout() {
  useNewPageAtTop();
  useRouteTitle(ADMIN_TITLES);
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const listScreen = LIST_SCREENS.has(pathname);
  // The editor's address is Create's too; editing an existing article is not creating one.
  const editing = pathname === paths.adminCreate && isEditState(state);
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
        <nav className={styles.menu} aria-label="Admin" data-bottom-bar="">
          <ul>
            {MENU.map(({ to, label, Icon, end }, index) => (
              <li key={to} className={index >= BOTTOM_BAR_ENTRIES ? styles.overflow : undefined}>
                {editing && to === paths.adminCreate ? (
                  <Link to={to} className={styles.entry}>
                    <Icon />
                    <span>{label}</span>
                  </Link>
                ) : (
                  <NavLink to={to} end={end} className={styles.entry}>
                    <Icon />
                    <span>{label}</span>
                  </NavLink>
                )}
              </li>
            ))}
            <MoreEntry />
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className={styles.main}>
          {/* Keyed by screen: opening a list pulls the admin's view at once. */}
          {listScreen ? <AdminRefresh key={pathname} /> : null}
          <OutboxPanel />
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** The bottom bar's last entry on phones: the menu's remaining screens in a small panel above it. */
function MoreEntry() {
  const { pathname } = useLocation();
  // Open on the screen it was opened on: going to another screen closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const current = MORE.some(({ to }) => pathname.startsWith(to));
  const entry = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus on one of its links would go with the hidden panel, to the page's start: it goes
      // back to More, as a menu's does.
      if (entry.current?.contains(document.activeElement)) button.current?.focus();
      setOpenOn(null);
    };
    // A tap or click anywhere else closes it, as a menu does (the button's own press toggles it).
    const onPointer = (event: PointerEvent) => {
      if (!entry.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <li className={styles.more} ref={entry}>
      <button
        ref={button}
        type="button"
        className={styles.entry}
        aria-expanded={open}
        aria-controls="admin-more"
        data-current={current || undefined}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon />
        <span>More</span>
      </button>
      <ul id="admin-more" className={styles.morePanel} hidden={!open}>
        {MORE.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={styles.moreLink}>
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
