import styles from './AboutPage.module.css';

export const ABOUT_CARDS = [
  {
    title: 'Our Mission',
    text: 'To offer practical insight, grounded in the Scriptures, that helps everyday choices become acts of faith, wisdom and joy.',
  },
  {
    title: 'Our Vision',
    text: 'A world where every heart looks for truth, every home shows love, and every life is lived with a hope that lasts forever.',
  },
  {
    title: 'Our Promise',
    text: 'Every article is carefully researched, rooted in the Bible, and written to encourage, inform and help real change.',
  },
] as const;

export function AboutPage() {
  return (
    <div className={`page ${styles.page}`}>
      <h1>About Us</h1>
      <p className={styles.intro}>
        Living Best Now is a place for families to read, search and talk about Bible-based articles, and to follow
        a weekly Family Worship plan together, at home or on the go, even without a connection.
      </p>
      <ul className={styles.cards}>
        {ABOUT_CARDS.map((card) => (
          <li key={card.title} className={styles.card}>
            <h2>{card.title}</h2>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
      <figure className={styles.closing}>
        <img src="/logo.svg" alt="Living Best Now logo" width="96" height="96" />
        <blockquote>
          <p>“For the word of God is living, and active, and sharper than any two-edged sword.”</p>
        </blockquote>
        <figcaption data-citations>
          <a href="/bible/hebrews/4#v12" className="tap-link">Hebrews 4:12</a> (American Standard Version)
        </figcaption>
      </figure>
    </div>
  );
}
