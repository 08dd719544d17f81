// scripts/check-references.mjs, which `npm run lint` runs: planted citations of things the
// repository lacks are reported with their file and line, ordinary code is not, and the real tree
// is clean. This file plants them on purpose, so the check skips it (SKIPPED_FILES).
import { describe, expect, it } from 'vitest';
import { checkRepository, findProblems } from '../../scripts/check-references.mjs';

const nothingExists = () => false;
/** A planted citation, put together here so that no line of this file is one. */
const PLANTED_ISSUE = ['issue', '21'].join(' ');

function problemsIn(file: string, text: string, exists: (repoPath: string) => boolean = nothingExists) {
  return findProblems([{ file, text }], exists).map(({ line, name, text: found }) => ({ line, name, found }));
}

describe('check-references', () => {
  it('reports a planted issue number and a planted citation of the spec, with their lines', () => {
    const text = [`// Answers 409 here (see ${PLANTED_ISSUE}).`, 'const a = 1;', '// Two lines of text (the spec).'].join('\n');
    expect(problemsIn('backend/src/example.ts', text)).toEqual([
      { line: 1, name: 'issue number', found: PLANTED_ISSUE },
      { line: 3, name: 'specification cited', found: 'the spec' },
    ]);
  });

  it('reports review item tags, the style guide, a bare architecture.md and hash-numbered issues', () => {
    const text = [
      "label: 'round 3 M2 foreign epoch',",
      '// Fixes L2/M4 of the review.',
      '// Kept short (H1).',
      '// Names as style.md rule 3 asks.',
      '// Read once (architecture.md, "What each request costs").',
      '// Read once (docs/architecture.md, "What each request costs").',
      '// Normalised on save (architecture, pitfalls).',
      '// Regression, see #123.',
      '// As the product spec says.',
      '/** The link protocols the editor allows (spec, editor rules). */',
      '// Logout (spec, section 4): forget the token.',
    ].join('\n');
    expect(problemsIn('pwa/src/example.ts', text).map((p) => [p.line, p.name])).toEqual([
      [1, 'review item'],
      [2, 'review item'],
      [3, 'review item'],
      [4, 'style guide cited'],
      [5, 'architecture doc without docs/'],
      [7, 'design doc section'],
      [8, 'issue number'],
      [9, 'specification cited'],
      [10, 'specification cited'],
      [11, 'specification cited'],
    ]);
  });

  it('leaves ordinary code alone: SVG paths, headings, colours, character references', () => {
    const text = [
      '<path d="M4 5h16v11H9l-5 4V5Z" />',
      "const BLOCKS = ['H1', 'H2', 'H3'];",
      'color: #333;',
      "const QUOTE = '&#39;';",
      '// Specifies the shape (a spec of the call).',
      '// An issue with the proxy: retry.',
    ].join('\n');
    expect(problemsIn('pwa/src/example.tsx', text)).toEqual([]);
  });

  it('reports a markdown link in the docs to a missing file, not one to a file that exists', () => {
    const text = '[API](api.md), [gone](missing.md), [code](../backend/src/app.ts#L3), [site](https://example.org), [top](#layout)';
    const exists = (repoPath: string) => repoPath === 'docs/api.md' || repoPath === 'backend/src/app.ts';
    expect(problemsIn('docs/features.md', text, exists)).toEqual([{ line: 1, name: 'link to a missing file', found: 'missing.md' }]);
    // Links are checked in README.md and docs/ only.
    expect(problemsIn('backend/src/notes.ts', '// [gone](missing.md)', exists)).toEqual([]);
    // Inside docs/, a link to a sibling names it without the folder; it is checked to exist.
    expect(problemsIn('docs/api.md', 'See [the decisions](architecture.md).', (p) => p === 'docs/architecture.md')).toEqual([]);
  });

  it('finds nothing in the repository as it is', () => {
    expect(checkRepository()).toEqual([]);
  });
});
