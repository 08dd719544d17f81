import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LIMITS } from '@fw/contracts/limits';
import { PASSWORD_TOO_LONG_MESSAGE, newPasswordProblem, passwordFitsBcrypt } from '@fw/contracts/password';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { paths } from '../../lib/paths.ts';
import { register } from './auth-api.ts';
import styles from './AuthForm.module.css';

export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const setPassword = (e: React.ChangeEvent<HTMLInputElement>) => {
    // The server's own rule and words (contracts/password.ts), so the form refuses what it would.
    e.target.setCustomValidity(e.target.value ? (newPasswordProblem(e.target.value) ?? '') : '');
    set('password')(e);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await register(form);
      notifySuccess(message);
      navigate(paths.home);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit}>
        <h1>Register</h1>
        <p className={styles.subtitle}>Ask for an administrator account. An administrator approves new accounts.</p>
        <label>
          <span>Name</span>
          <input name="name" required autoComplete="name" value={form.name} onChange={set('name')} />
        </label>
        <label>
          <span>Email</span>
          <input type="email" name="email" required autoComplete="email" value={form.email} onChange={set('email')} />
        </label>
        <label>
          <span>Password</span>
          <input
            type="password"
            name="password"
            required
            minLength={LIMITS.PASSWORD_MIN_CHARS}
            autoComplete="new-password"
            aria-describedby="password-rule"
            value={form.password}
            onChange={setPassword}
          />
          <small id="password-rule">
            {passwordFitsBcrypt(form.password)
              ? `${LIMITS.PASSWORD_MIN_CHARS} to ${LIMITS.PASSWORD_MAX_BYTES} characters; an accented letter counts as two, an emoji as four.`
              : `${PASSWORD_TOO_LONG_MESSAGE}.`}
          </small>
        </label>
        <button type="submit" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </button>
        <p className={styles.alt}>
          Already approved? <Link to={paths.admin}>Log in</Link>
        </p>
      </form>
    </div>
  );
}
