import { Link } from 'react-router-dom';
import { FEATURED_ARTICLES } from '@fw/contracts/featured';
import { CONTACT_EMAIL } from '@fw/contracts/pages';
import { paths } from '../../lib/paths.ts';
import { optionalPart } from '../../components/ui/optional-part.tsx';
import styles from './Footer.module.css';

// Below the fold on every page: loaded after the first screen, so it adds nothing to first paint.
const DeviceStatus = optionalPart(async () => (await import('../../features/offline/DeviceStatus.tsx')).DeviceStatus);

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick links</h2>
          <ul>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.family}>Family</Link>
            </li>
            <li>
              <Link to={paths.about}>About Us</Link>
            </li>
            <li>
              <Link to={paths.daily}>Daily text</Link>
            </li>
            <li>
              <Link to={paths.plans}>Reading plans</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-featured">
          <h2 id="footer-featured">Featured</h2>
          <ul>
            {FEATURED_ARTICLES.map((a) => (
              <li key={a.id}>
                <Link to={paths.article(a.id)}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              <Link to={paths.admin}>Admin</Link>
            </li>
            <li>
              <Link to={paths.register}>Register</Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>Contact us</a>
            </li>
          </ul>
        </section>
        <DeviceStatus />
      </div>
      <p className={styles.small}>Living Best Now: Bible-based articles for families.</p>
    </footer>
  );
}
