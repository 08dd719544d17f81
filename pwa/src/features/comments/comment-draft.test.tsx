// An unsent comment is kept per article (comment-draft.ts): the form drawn again for the same
// article (Back, Forward, a reload) shows it; another article's form starts empty; what the store
// holds is read defensively.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CommentForm } from './CommentForm.tsx';

const A = '64f0000000000000000000a1';
const B = '64f0000000000000000000b2';
const form = (articleId: string) => render(<CommentForm articleId={articleId} onPosted={() => {}} />);
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('comment draft', () => {
  it('comes back with its article, and only with it', () => {
    const first = form(A);
    fireEvent.change(field('Name'), { target: { value: 'Ruth' } });
    fireEvent.change(field('Comment'), { target: { value: 'Half a thought' } });
    first.unmount();
    form(A);
    expect(field('Name').value).toBe('Ruth');
    expect(field('Comment').value).toBe('Half a thought');
    cleanup();
    form(B);
    expect(field('Comment').value).toBe('');
  });

  it('is forgotten once both fields are emptied, and a broken one reads as empty', () => {
    const first = form(A);
    fireEvent.change(field('Comment'), { target: { value: 'x' } });
    fireEvent.change(field('Comment'), { target: { value: '' } });
    first.unmount();
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem(`comment-draft:${A}`, '{"name": 3, "content"');
    form(A);
    expect(field('Name').value).toBe('');
    expect(field('Comment').value).toBe('');
  });
});
