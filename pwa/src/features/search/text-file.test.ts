// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TextReader, packTexts } from './text-file.ts';

/** A file of `postings` and two texts, and a reader counting what it slices. */
function fileOf(postings: Int32Array) {
  const { file, bytes } = packTexts(['first text', 'second'], postings);
  const blob = new Blob([bytes.slice()]);
  const slices: [number, number][] = [];
  const counting = {
    size: blob.size,
    slice(from: number, to: number) {
      slices.push([from, to]);
      return blob.slice(from, to);
    },
  } as Blob;
  return { reader: new TextReader(file, counting), slices };
}

describe('word lists read from the saved file', () => {
  const postings = Int32Array.from({ length: 20_000 }, (_, n) => n * 3 + 1);

  it('gives each range asked for, in the order asked, whatever their order in the file', async () => {
    const { reader } = fileOf(postings);
    const ranges: [number, number][] = [
      [19_990, 20_000],
      [5, 9],
      [7, 8],
      [100, 100],
      [0, 3],
    ];
    const lists = await reader.lists(ranges);
    expect(lists.map((list) => Array.from(list))).toEqual(
      ranges.map(([from, to]) => Array.from(postings.slice(from, to))),
    );
    // Texts after the lists are untouched by the lists' reads and still read back.
    expect(await reader.read([0, 1])).toEqual(new Map([[0, 'first text'], [1, 'second']]));
  });

  it('reads neighbours in one slice and far-apart lists apart, never the whole block', async () => {
    const { reader, slices } = fileOf(postings);
    await reader.lists([
      [10, 12],
      [14, 20],
      [18_000, 18_004],
    ]);
    expect(slices).toEqual([
      [40, 80],
      [72_000, 72_016],
    ]);
  });

  it('refuses a range outside the lists', async () => {
    const { reader } = fileOf(postings);
    await expect(reader.lists([[19_999, 20_001]])).rejects.toThrow(/outside the saved file/);
    await expect(reader.lists([[-1, 2]])).rejects.toThrow(/outside the saved file/);
  });
});
