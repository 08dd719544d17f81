// @vitest-environment node
// The sync words' code is a chunk of its own (space.ts loadSpaceWords): where it cannot be loaded
// (a tab offline before its code was kept), an action that needs the words says so plainly, and
// nothing is made or sent.
import { describe, expect, it, vi } from 'vitest';
import { createSpace, linkSpace, SPACE_MESSAGES } from './space.ts';
import { api } from '../../lib/api.ts';

vi.mock('./space-words.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/space-words.js');
});
vi.mock('../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../lib/api.ts')>()),
  api: vi.fn(),
}));

describe('sync words that cannot be loaded', () => {
  it('are said plainly by "Sync my notes" and "Link this device", before anything is sent', async () => {
    await expect(createSpace()).rejects.toThrow(SPACE_MESSAGES.wordsUnavailable);
    await expect(linkSpace('any words at all')).rejects.toThrow(SPACE_MESSAGES.wordsUnavailable);
    expect(api).not.toHaveBeenCalled();
  });
});
