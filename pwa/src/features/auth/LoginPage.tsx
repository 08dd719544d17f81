import { useEffect, useState, type FormEvent } from 'react';
import { SITE_NAME } from '@fw/contracts/pages';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
import { LOGIN_FAILED_MESSAGE, LOGIN_SUCCESS_MESSAGE, login } from './auth-api.ts';
import styles from './AuthForm.module.css';

export function LoginPage() {
  useEffect(() => {
    document.title = `Admin Login · ${SITE_NAME}`;
  }, []);
  const navigate = useNavigate();
  const { notice } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ email, password });
      notifySuccess(LOGIN_SUCCESS_MESSAGE);
      navigate(paths.admin);
    } catch (error) {
      notifyError(error, LOGIN_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit}>
        <h1>Admin Login</h1>
        <p className={styles.subtitle}>Enter your credentials to access the admin panel</p>
        {notice ? (
          <p className={styles.notice} role="alert">
            {notice}
          </p>
        ) : null}
        <label>
          <span>Email</span>
          <input
            type="email"
            name="email"
            required
            autoComplete="username"
            placeholder="Enter your email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          <span>Password</span>
          <input
            type="password"
            name="password"
            required
            autoComplete="current-password"
            placeholder="Enter your password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
        <p className={styles.alt}>
          No account yet? <Link to={paths.register}>Register</Link>
        </p>
      </form>
    </div>
  );
}
