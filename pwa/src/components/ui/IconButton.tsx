// A button that shows only an icon: the label is for screen readers and the tooltip, and the tap
// target stays 44 px even though the icon is small.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './buttons.module.css';

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  tone?: 'danger' | 'success' | 'plain';
  children: ReactNode;
}

export function IconButton({ label, tone = 'plain', children, className, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={[styles.icon, styles[tone], className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </button>
  );
}

export { styles as buttonStyles };
