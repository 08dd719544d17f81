// The editor's save sends the values as last set: the rich-text editor reports typing outside
// React's own events, so a click on Save can run the handler of a drawing made before the last
// change. That handler must still send the change (use-article-save.ts keeps them in a ref).
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { FormEvent } from 'react';
import { EMPTY_FORM } from './article-form.ts';
import { useArticleSave } from './use-article-save.ts';

const sent = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('../../sync/send-write.ts', () => ({
  sendWrite: async (write: { body: Record<string, unknown> }) => {
    sent.push(write.body);
    // Refused, so the form stays (and nothing navigates).
    return { entry: { seq: 1 }, report: { outcome: 'failed' } };
  },
}));
vi.mock('../../sync/outbox.ts', () => ({ discardEntry: async () => undefined }));

type Save = ReturnType<typeof useArticleSave>;

describe('the article save', () => {
  it('sends the text as last set, even from the handler of an earlier drawing', async () => {
    const drawings: Save[] = [];
    function Probe() {
      drawings.push(useArticleSave({ values: { ...EMPTY_FORM, title: 'Patience', subtitle: 'At home' }, target: null }));
      return null;
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Probe /> }])} />);
    const first = drawings.at(-1)!;
    act(() => {
      first.set('content', '<p>Offline words</p>');
    });
    // The handler of the drawing before the change, as a click right after typing may run it.
    await act(() => first.submit({ preventDefault() {} } as FormEvent));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Patience', content: '<p>Offline words</p>' });
    expect(drawings.at(-1)!.values.content).toBe('<p>Offline words</p>');
  });
});

describe('a title or subtitle of only spaces', () => {
  it('is told at its field, and nothing is sent', async () => {
    sent.length = 0;
    let save: Save | undefined;
    function Probe() {
      save = useArticleSave({ values: { ...EMPTY_FORM, title: '   ', subtitle: 'At home' }, target: null });
      return null;
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Probe /> }])} />);
    const form = document.createElement('form');
    form.innerHTML = '<input name="title" required value="   "><input name="subtitle" required value="At home">';
    document.body.append(form);
    const title = form.elements.namedItem('title') as HTMLInputElement;
    let told = 0;
    title.addEventListener('invalid', () => told++);
    await act(() => save!.submit({ preventDefault() {}, currentTarget: form } as unknown as FormEvent));
    expect(sent).toHaveLength(0);
    expect(title.validationMessage).toBe('Enter a title: spaces alone are not one.');
    expect(told).toBe(1);
    form.remove();
  });
});
