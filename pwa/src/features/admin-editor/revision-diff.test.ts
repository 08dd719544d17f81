import { describe, expect, it } from 'vitest';
import { markChanges, splitBlocks } from './revision-diff.ts';

describe('splitBlocks', () => {
  it('gives each top-level block whole, lists and quotes included', () => {
    expect(splitBlocks('<p>One <b>bold</b></p><h2>Two</h2><ol><li>a</li><li>b</li></ol>')).toEqual([
      '<p>One <b>bold</b></p>',
      '<h2>Two</h2>',
      '<ol><li>a</li><li>b</li></ol>',
    ]);
    expect(splitBlocks('')).toEqual([]);
  });
});

describe('markChanges', () => {
  it('marks only the paragraphs that differ, and shows the current ones the revision lacks as removed', () => {
    const current = '<p>Same start.</p><p>New middle.</p><p>Same end.</p><p>Added later.</p>';
    const revision = '<p>Same start.</p><p>Old middle.</p><p>Same end.</p>';
    expect(markChanges(current, revision)).toEqual([
      { html: '<p>Same start.</p>', change: 'same' },
      { html: '<p>New middle.</p>', change: 'removed' },
      { html: '<p>Old middle.</p>', change: 'changed' },
      { html: '<p>Same end.</p>', change: 'same' },
      { html: '<p>Added later.</p>', change: 'removed' },
    ]);
  });

  it('keeps everything after an inserted paragraph unmarked', () => {
    const marked = markChanges('<p>A</p><p>B</p><p>C</p>', '<p>A</p><p>X</p><p>B</p><p>C</p>');
    expect(marked.filter((b) => b.change !== 'same')).toEqual([{ html: '<p>X</p>', change: 'changed' }]);
  });
});
