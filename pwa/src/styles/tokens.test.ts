// @vitest-environment node
// The dark palette is written twice in tokens.css (once for "device prefers dark", once for "the
// reader chose dark"); CSS has no way to share it between a media query and a selector.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const tokens = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

function declarations(block: string): string[] {
  return block
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .sort();
}

describe('tokens.css', () => {
  it('holds the same dark values for the system setting and the reader\'s own choice', () => {
    const system = /:root:not\(\[data-theme='light'\]\) \{([^}]*)\}/.exec(tokens)?.[1];
    const chosen = /:root\[data-theme='dark'\] \{([^}]*)\}/.exec(tokens)?.[1];
    expect(system).toBeDefined();
    expect(chosen).toBeDefined();
    expect(declarations(system!)).toEqual(declarations(chosen!));
    expect(declarations(chosen!)).toContain('--color-page: #181512');
  });
});
