// The daily text form checks before anything is queued: a save with problems names them (a date
// that already has a text among them) and saves nothing; a text being edited keeps its date
// (DailyForm.tsx, daily-checks.ts).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DailyTextFields } from '@fw/contracts/daily';
import type { LocalDailyText } from '../../db/db.ts';
import { DailyForm } from './DailyForm.tsx';

const held: LocalDailyText[] = [{ date: '2026-12-04', reference: 'Psalm 23:1', comment: 'The Lord is my shepherd.', version: 1, osis: 'Ps.23.1' }];
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('the daily text form', () => {
  // jsdom lays nothing out and has no scrollIntoView; the form scrolls itself into view on opening.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  afterEach(cleanup);

  it('names the problems of a save and saves nothing, then saves once they are fixed', () => {
    const onSave = vi.fn<(fields: DailyTextFields) => void>();
    render(<DailyForm editing={null} texts={held} onSave={onSave} onCancel={() => undefined} />);
    fireEvent.change(field('Date'), { target: { value: '2026-12-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add daily text' }));
    const problems = screen.getByTestId('daily-problems').textContent;
    expect(problems).toContain('There is already a text for');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(field('Date'), { target: { value: '2026-12-05' } });
    fireEvent.change(field('Reference'), { target: { value: 'Psalm 23:2' } });
    fireEvent.change(field('Comment'), { target: { value: 'Green pastures and still waters.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add daily text' }));
    expect(screen.queryByTestId('daily-problems')).toBeNull();
    expect(onSave).toHaveBeenCalledWith({ date: '2026-12-05', reference: 'Psalm 23:2', comment: 'Green pastures and still waters.' });
  });

  it('keeps the date of a text being edited, which is how the text is known', () => {
    const onSave = vi.fn<(fields: DailyTextFields) => void>();
    render(<DailyForm editing={held[0]!} texts={held} onSave={onSave} onCancel={() => undefined} />);
    expect(field('Date').disabled).toBe(true);
    fireEvent.change(field('Comment'), { target: { value: 'He restores my soul.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith({ date: '2026-12-04', reference: 'Psalm 23:1', comment: 'He restores my soul.' });
  });
});
