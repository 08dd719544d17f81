// The lesson form and the lessons' import panel check before anything is queued: a save with
// problems names them and saves nothing; a date another lesson holds is named; an import with a
// problem cannot be sent, and one without sends every row (LessonForm.tsx, lesson-checks.ts,
// components/ui/ImportPanel.tsx).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LessonFields } from '@fw/contracts/lessons';
import { lessonFromFields } from '@fw/contracts/lessons';
import { ImportPanel } from '../../components/ui/ImportPanel.tsx';
import type { LocalLesson } from '../../db/db.ts';
import { LessonForm } from './LessonForm.tsx';
import { checkImport } from './lesson-checks.ts';

const held: LocalLesson[] = [
  {
    ...lessonFromFields({ date: '2026-12-04', broadcast: false, title: 'Kindness', text: 'Read Luke 6:31.', extras: [] }, { version: 1 }),
    _id: 'a'.repeat(24),
  },
];

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('the lesson form', () => {
  // jsdom lays nothing out and has no scrollIntoView; the form scrolls itself into view on opening.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  afterEach(cleanup);

  it('names the problems of a save and saves nothing, then saves once they are fixed', () => {
    const onSave = vi.fn<(fields: LessonFields) => void>();
    render(<LessonForm editing={null} lessons={held} onSave={onSave} onCancel={() => undefined} />);
    expect(screen.queryByTestId('lesson-problems')).toBeNull();
    fireEvent.change(field('Date'), { target: { value: '2026-12-04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    const problems = screen.getByTestId('lesson-problems');
    expect(problems.getAttribute('role')).toBe('alert');
    expect(problems.textContent).toContain('There is already a lesson for');
    expect(within(problems).getAllByRole('listitem').length).toBeGreaterThan(1);
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(field('Date'), { target: { value: '2026-12-11' } });
    fireEvent.change(field('Title'), { target: { value: 'Patience' } });
    fireEvent.change(field('Text'), { target: { value: 'Read James 5:7.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lesson' }));
    expect(screen.queryByTestId('lesson-problems')).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ date: '2026-12-11', title: 'Patience', text: 'Read James 5:7.', broadcast: false });
  });
});

describe('the lessons’ import panel', () => {
  afterEach(cleanup);

  const panel = (onImport: (rows: unknown[]) => void) =>
    render(
      <ImportPanel
        noun={{ one: 'lesson', many: 'lessons' }}
        hint="One lesson per line."
        titleColumn="Title"
        held={held}
        check={checkImport}
        describe={(row) => ({ when: row.date, title: row.title })}
        onImport={onImport}
        onClose={() => undefined}
      />,
    );

  it('sends nothing while a row has a problem, and every row once none has', () => {
    const onImport = vi.fn();
    panel(onImport);
    const rows = screen.getByLabelText('Rows');
    fireEvent.change(rows, { target: { value: '2026-12-04\tTaken\tA date another lesson holds\n2026-12-18\tJoy\tRead Philippians 4:4' } });
    expect(screen.getByTestId('import-summary').textContent).toBe('Nothing can be imported yet: 1 problem to fix (line 1).');
    const send = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getAllByTestId('import-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('There is already a lesson for'),
      expect.stringContaining('OK'),
    ]);

    fireEvent.change(rows, { target: { value: '2026-12-11\tPatience\tRead James 5:7\n2026-12-18\tJoy\tRead Philippians 4:4' } });
    expect(screen.getByTestId('import-summary').textContent).toBe('2 lessons ready to import.');
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 lessons' }));
    expect(onImport).toHaveBeenCalledTimes(1);
    expect(onImport.mock.calls[0]![0]).toMatchObject([{ date: '2026-12-11', title: 'Patience' }, { date: '2026-12-18', title: 'Joy' }]);
  });
});
