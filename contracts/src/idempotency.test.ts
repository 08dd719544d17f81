// The replay rule both the server's key layer and the sync tests' scripted server read.
import { describe, expect, it } from 'vitest';
import { isReplayedAnswer } from './idempotency.ts';

describe('isReplayedAnswer', () => {
  it.each([
    [200, { success: true, article: { _id: 'a' } }, true],
    [201, { success: true, message: 'Thank you!' }, true],
    [400, { success: false, message: 'Bad', code: 'VALIDATION' }, true],
    [404, { success: false, message: 'Gone', code: 'NOT_FOUND' }, true],
    [409, { success: false, message: 'Taken', code: 'ID_TAKEN' }, true],
    // The server's copy in a refusal is data of that moment: the retry gets a fresh one.
    [409, { success: false, message: 'Changed', code: 'EDIT_CONFLICT', article: { _id: 'a' } }, false],
    // Answers that ask for a retry: log in again, too slow, too many.
    [401, { success: false, message: 'Log in', code: 'UNAUTHORIZED' }, false],
    [403, { success: false, message: 'No', code: 'FORBIDDEN' }, false],
    [408, { success: false, message: 'Slow', code: 'TIMEOUT' }, false],
    [429, { success: false, message: 'Later', code: 'RATE_LIMITED' }, false],
    [500, { success: false, message: 'Oops', code: 'INTERNAL' }, false],
    [503, { success: false, message: 'Busy', code: 'BUSY' }, false],
    [200, 'text', false],
    [200, null, false],
  ])('status %i, %j → %s', (status, body, kept) => {
    expect(isReplayedAnswer(status, body)).toBe(kept);
  });
});
