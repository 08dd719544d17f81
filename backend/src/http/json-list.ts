// A long JSON list sent as it is made, a piece at a time: the full lists of the product's call
// table (every article, comment or user, for clients that do not page) are tens of megabytes at a
// library's size. Made whole, such an answer held the event loop for seconds, while every reader
// waited, and ran into the request's time limit. Here each piece is encoded on its own, and the
// loop takes its other work (setImmediate) before the next piece is made; the stream is pulled as
// the client reads, so a slow client holds no more than a piece in memory.
import { Readable } from 'node:stream';
import type { Context } from 'koa';

/** Items encoded at once: a few hundred kilobytes of JSON, a millisecond or two of the loop. */
const LIST_PIECE_ITEMS = 200;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items` in pieces of LIST_PIECE_ITEMS, each made by `make` (which may read the database). */
export async function* inPieces<T, R>(items: readonly T[], make: (part: readonly T[]) => R[] | Promise<R[]>): AsyncGenerator<R[]> {
  for (let from = 0; from < items.length; from += LIST_PIECE_ITEMS) yield await make(items.slice(from, from + LIST_PIECE_ITEMS));
}

/**
 * Answers `{ ...head, [field]: [items…] }` with the items `pieces` makes. The first piece is made
 * before anything is sent, so a failure there (the database away) is answered as any error is; a
 * failure later cuts the connection, so the client sees a broken answer, never a short list.
 */
export async function sendJsonList(ctx: Context, head: Record<string, unknown>, field: string, pieces: AsyncGenerator<unknown[]>): Promise<void> {
  const first = await pieces.next();
  // `{"success":true,"comments":[` : the head with the list opened.
  const opening = JSON.stringify({ ...head, [field]: [] }).slice(0, -2);
  async function* text(): AsyncGenerator<string> {
    let written = 0;
    let piece = first;
    try {
      yield opening;
      while (!piece.done) {
        if (piece.value.length) {
          const json = JSON.stringify(piece.value);
          yield `${written ? ',' : ''}${json.slice(1, -1)}`;
          written += piece.value.length;
        }
        await turn();
        piece = await pieces.next();
      }
      yield ']}';
    } finally {
      // The client went away: nothing more is read for it.
      await pieces.return(undefined);
    }
  }
  const stream = Readable.from(text(), { objectMode: false });
  // Compression pipes the body on (koa-compress), and a pipe does not end when its source fails.
  stream.once('error', () => ctx.res.destroy());
  ctx.type = 'application/json';
  ctx.body = stream;
}
