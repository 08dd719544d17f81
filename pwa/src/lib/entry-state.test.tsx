// A screen's state kept with its history entry (entry-state.ts), in jsdom's own history: Back and
// Forward find each entry's value, a new entry starts afresh, a reload keeps it, and what the state
// holds is read through the screen's own check.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { useEntryState } from './entry-state.ts';

const countOf = (kept: unknown): number => (typeof kept === 'number' && Number.isInteger(kept) ? kept : 1);

let setCount: (next: number) => void = () => {};

function Counter() {
  const [count, set] = useEntryState('testCount', countOf);
  useLayoutEffect(() => {
    setCount = set;
  });
  return <p data-testid="count">{count}</p>;
}

const makeRouter = () => createBrowserRouter([{ path: '*', element: <Counter /> }]);
const shown = () => Number(screen.getByTestId('count').textContent);

/** Goes Back or Forward in jsdom's history and waits for the router to draw that entry. */
async function go(delta: number) {
  const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.go(delta);
  await act(async () => {
    await moved;
  });
}

afterEach(cleanup);

describe('useEntryState', () => {
  it('keeps each entry’s value for Back, Forward and a reload; a new entry starts afresh', async () => {
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    expect(shown()).toBe(1);
    act(() => setCount(3));
    expect(shown()).toBe(3);

    // A link: a new entry, at the start; then a value of its own.
    await act(() => router.navigate('/next'));
    expect(shown()).toBe(1);
    act(() => setCount(7));

    await go(-1);
    expect(shown()).toBe(3);
    await go(1);
    expect(shown()).toBe(7);

    // A reload: the same entry, read afresh from history.state.
    cleanup();
    router.dispose();
    render(<RouterProvider router={makeRouter()} />);
    expect(shown()).toBe(7);
  });

  it('reads what the entry holds through the screen’s check', () => {
    window.history.replaceState({ ...(window.history.state as object), testCount: 'not a number' }, '');
    render(<RouterProvider router={makeRouter()} />);
    expect(shown()).toBe(1);
  });
});
