// @vitest-environment node
// The QR drawing the worker sends back (qr-draw.ts): the code's own size plus the quiet zone, and its
// three finder squares where scanners look for them.
import { describe, expect, it } from 'vitest';
import { drawQr } from './qr-draw.ts';

const WORDS = Array.from({ length: 24 }, (_, i) => ['abandon', 'zoo', 'legal', 'winner'][i % 4]).join(' ');
const dark = (drawn: { path: string }, col: number, row: number) => drawn.path.includes(`M${col} ${row}h1v1h-1z`);

describe('drawQr', () => {
  it('draws the words with four clear modules around the code and its finder squares in three corners', () => {
    const drawn = drawQr(WORDS);
    expect(drawn.text).toBe(WORDS);
    const modules = drawn.size - 8;
    // Version n has 17 + 4n modules a side.
    expect((modules - 17) % 4).toBe(0);
    // Nothing in the quiet zone; each finder square's corner and centre dark, its inner ring light.
    expect(dark(drawn, 3, 3)).toBe(false);
    for (const [col, row] of [[4, 4], [4 + modules - 7, 4], [4, 4 + modules - 7]] as const) {
      expect(dark(drawn, col, row)).toBe(true);
      expect(dark(drawn, col + 3, row + 3)).toBe(true);
      expect(dark(drawn, col + 1, row + 1)).toBe(false);
    }
  });
});
