// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scheduledTime } from '../../lib/schedule-time.ts';
import { publishQuestion } from './use-article-actions.ts';

describe('publishQuestion', () => {
  it('asks before publishing a draft scheduled for later, naming its time', () => {
    const publishAt = '2026-12-01T09:00:00.000Z';
    const question = publishQuestion({ isPublished: false, publishAt });
    expect(question?.text).toBe(`This article is scheduled for ${scheduledTime(publishAt)}. Publish it now instead?`);
    expect(question).toMatchObject({ yesLabel: 'Publish now', noLabel: 'Cancel' });
  });

  it('publishes a plain draft and unpublishes an article without asking', () => {
    expect(publishQuestion({ isPublished: false })).toBeNull();
    expect(publishQuestion({ isPublished: true })).toBeNull();
  });
});
