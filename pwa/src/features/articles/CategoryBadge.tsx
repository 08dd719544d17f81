import styles from './CategoryBadge.module.css';

export function CategoryBadge({ category }: { category: string }) {
  const tint = styles[category.toLowerCase()] ?? '';
  return <span className={`${styles.badge} ${tint}`}>{category}</span>;
}
