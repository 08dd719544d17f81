// "Sync my notes" sends what the device holds before it shows the words (space.ts createSpace), so
// the panel says what it is doing meanwhile, and then shows the words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StudySync } from './StudySync.tsx';
import { SYNC_TEXT } from './messages.ts';

const WORDS = 'abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve acid acoustic acquire across act action actor actress actual'.split(' ');
let sent: () => void = () => {};
vi.mock('../../sync/study-space/space.ts', async (original) => ({
  ...(await original<typeof import('../../sync/study-space/space.ts')>()),
  createSpace: () => new Promise<string[]>((resolve) => (sent = () => resolve(WORDS))),
}));

afterEach(cleanup);

describe('Sync my notes', () => {
  it('says the notes are being sent until the space holds them, then shows the words', async () => {
    render(
      <MemoryRouter>
        <StudySync place="notes" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sync my notes' }));
    expect((await screen.findByRole('status')).textContent).toBe(SYNC_TEXT.sending);
    expect(screen.getByRole('button', { name: 'Sync my notes' })).toHaveProperty('disabled', true);
    sent();
    expect(await screen.findByText('Your sync words')).toBeTruthy();
    expect(screen.queryByText(SYNC_TEXT.sending)).toBeNull();
  });
});
