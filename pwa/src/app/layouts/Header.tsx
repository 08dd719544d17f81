import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { BookmarkIcon, NoteIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../lib/paths.ts';
import styles from './Header.module.css';

export function Header() {
  const { token } = useAuth();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {/* Named for screen readers too: on phones the text beside the logo is hidden. */}
        <Link to={paths.home} className={styles.brand} aria-label="Living Best Now">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>Living Best Now</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <NavLink to={paths.home} end className={styles.home}>
            Home
          </NavLink>
          <NavLink to={paths.family}>Family</NavLink>
          <NavLink to={paths.about}>About Us</NavLink>
          {/* On phones only the bookmark shows, so the header fits 375 px; the word stays for screen readers. */}
          <NavLink to={paths.saved} className={styles.saved}>
            <BookmarkIcon />
            <span className={styles.savedLabel}>Saved</span>
          </NavLink>
          <NavLink to={paths.notes} className={styles.saved}>
            <NoteIcon />
            <span className={styles.savedLabel}>My notes</span>
          </NavLink>
        </nav>
        {/* Logged in, the narrowest phones show "Admin" (as short as "Login", so the line fits 375 px);
            the link is named "Admin dashboard", which holds both words shown. */}
        <Link to={paths.admin} className={styles.adminButton} aria-label={token ? 'Admin dashboard' : undefined}>
          {token ? (
            <>
              <span className={styles.wide}>Dashboard</span>
              <span className={styles.narrow} aria-hidden="true">
                Admin
              </span>
            </>
          ) : (
            'Login'
          )}
        </Link>
      </div>
    </header>
  );
}
