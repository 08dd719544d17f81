// The heaviest article's pictures and its save, shared by bench/heavy-save.mjs and the thread that
// saves it over and over (save-worker.mjs).
import sharp from 'sharp';

/** Noisy, so that it neither compresses to nothing nor encodes unusually fast (as bench/images.mjs). */
export const noisy = (width, height, seed) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90 + seed * 20, g: 110, b: 80 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } } });

/** A JPEG with a comment segment after its start: other bytes, so the server encodes it anew. */
function withComment(jpeg, text) {
  const comment = Buffer.from(text);
  const length = comment.length + 2;
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), comment, jpeg.subarray(2)]);
}

const img = (type, bytes, alt) => `<p><img src="data:${type};base64,${Buffer.from(bytes).toString('base64')}" alt="${alt}"></p>`;

/**
 * The pictures of save `n`: the photos (JPEG bytes) and `small` noisy PNGs of `side` pixels a side;
 * every picture's bytes differ from every other save's, as an admin's new pictures would.
 */
export async function picturesHtml({ photos, small, side }, n) {
  const parts = photos.map((bytes, i) => img('image/jpeg', withComment(Buffer.from(bytes), `bench save ${n}`), `Photo ${i + 1}`));
  for (let i = 0; i < small; i++) {
    const png = await noisy(side, side, (n * small + i) % 7).png().toBuffer();
    parts.push(img('image/png', png, `Small ${i + 1}`));
  }
  return parts.join('');
}

/** POST /api/articles/add as the admin: the answer's status, time and, when refused, its reason. */
export async function save(url, token, text, content) {
  const startedMs = performance.now();
  const res = await fetch(`${url}/api/articles/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ article: JSON.stringify({ ...text, content }) }),
    signal: AbortSignal.timeout(60_000),
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, ms: performance.now() - startedMs, code: data?.code, message: data?.message };
}
