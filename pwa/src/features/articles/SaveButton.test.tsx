import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SaveButton } from './SaveButton.tsx';
import styles from './ReaderActions.module.css';

const article = { _id: '64f000000000000000000001', title: 'Grace at the table' };

describe('SaveButton', () => {
  it('keeps its room unseen while the device has not said whether the article is saved', () => {
    const { container } = render(<SaveButton article={article} saved={undefined} withText />);
    const button = container.querySelector('button')!;
    expect(styles.unknown).toMatch(/unknown/);
    expect(button.classList.contains(styles.unknown!)).toBe(true);
    expect(button.textContent).toBe('Save');
  });

  it('shows the saved state once it is known', () => {
    const { container, rerender } = render(<SaveButton article={article} saved={undefined} withText />);
    rerender(<SaveButton article={article} saved withText />);
    const button = container.querySelector('button')!;
    expect(button.classList.contains(styles.unknown!)).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toBe('Saved');
  });
});
