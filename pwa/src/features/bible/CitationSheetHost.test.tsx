// The verse sheet's code is asked for ahead of a tap only where a citation can be tapped: taking
// the module in is a long task on a slow phone, and a page without citations (My notes during a
// study sync's link) has no use for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

const taken = vi.hoisted(() => ({ count: 0 }));
vi.mock('./VerseSheet.tsx', () => {
  taken.count += 1;
  return { VerseSheet: () => null, passageFor: async () => null, rangeFromHref: () => null };
});

const { CitationSheetHost } = await import('./CitationSheetHost.tsx');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('CitationSheetHost', () => {
  it('takes the sheet in once a page with a citation has shown a while, not before, and not where there is none', async () => {
    render(
      <MemoryRouter>
        <CitationSheetHost />
      </MemoryRouter>,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(taken.count).toBe(0);

    // A page with a citation shows (an article, a lesson): the next look takes the sheet in.
    const text = document.createElement('div');
    text.setAttribute('data-citations', '');
    text.innerHTML = '<p>See <a href="/bible/john/3#v16">John 3:16</a>.</p>';
    document.body.append(text);
    await vi.advanceTimersByTimeAsync(3_100);
    await vi.waitFor(() => expect(taken.count).toBe(1));
  });
});
