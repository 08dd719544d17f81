// Pictures that fit phones: an article with three 4000×3000 photos (made here with
// sharp, noisy so they do not compress to nothing), saved through the API, which stores them as
// files (backend/src/modules/images). Measured against the same article stored inline, as every
// article was before: the article written straight into the database with its data URLs (the
// start-up conversion had already run on that database, so it stays inline), in the same run.
// - first sync: a device's first sync (the feed as the PWA pages it, brotli) of 500 articles,
//   then with the photo article, then with the inline copy too; each article's cost is the
//   difference, and the first ratio says the rest of the sync is unchanged;
// - the search worker's text: the article HTML the device stores and the worker reads.
import { MongoClient, ObjectId } from 'mongodb';
import sharp from 'sharp';
import { log } from '../scripts/lib/proc.mjs';
import { createArticles, registerAdmin, startBackend, api } from './lib/server.mjs';
import { pullFeed } from './lib/http.mjs';
import { articleInput } from './lib/text-gen.mjs';
import { median, round } from './lib/stats.mjs';

export const IMAGE_TARGETS = { smallerThanInline: 10, firstSyncOtherwise: 1.05 };
const LIBRARY_ARTICLES = 500;
const PHOTOS = 3;
const PHOTO = { width: 4000, height: 3000 };
const SYNC_REPEATS = 3;

async function photo(seed) {
  return sharp({
    create: { ...PHOTO, channels: 3, background: { r: 90 + seed * 20, g: 110, b: 80 }, noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The first sync's bytes as the PWA pages it (the median run's figures). */
async function firstSync(url) {
  const runs = [];
  for (let i = 0; i < SYNC_REPEATS; i++) runs.push(await pullFeed(url));
  return { bytes: runs[0].bytes, articles: runs[0].articles, ms: round(median(runs.map((r) => r.ms)), 1) };
}

/** The article as it was stored before pictures became files: a copy with its data URLs. */
async function insertInlineCopy(uri, template, content) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const counters = db.collection('counters');
    const [newestClaim] = await db.collection('seq_claims').find().sort({ n: -1 }).limit(1).toArray();
    const seq = Math.max((await counters.findOne({ _id: 'seq' }))?.value ?? 0, newestClaim?.n ?? 0) + 1;
    const _id = new ObjectId();
    const now = new Date();
    await db.collection('articles').insertOne({ ...template, _id, title: `${template.title} (inline)`, content, version: 1, seq, createdAt: now, updatedAt: now });
    await db.collection('article_versions').insertOne({ _id: `${_id.toHexString()}:1`, article: _id.toHexString(), at: now });
    for (const name of ['seq', 'seq-settled']) await counters.updateOne({ _id: name }, { $max: { value: seq } }, { upsert: true });
    return _id.toHexString();
  } finally {
    await client.close();
  }
}

async function readArticle(uri, id) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const doc = await client.db().collection('articles').findOne({ _id: new ObjectId(id) });
    delete doc.appliedOps;
    return doc;
  } finally {
    await client.close();
  }
}

export async function benchImages(database) {
  log(`images: ${LIBRARY_ARTICLES} articles, then one with ${PHOTOS} photos of ${PHOTO.width}×${PHOTO.height}`);
  let server = await startBackend(database, { name: 'bench_images', seed: false });
  const uri = server.mongoUri;
  try {
    const token = await registerAdmin(server.url);
    await createArticles(server.url, token, 0, LIBRARY_ARTICLES, (n) => articleInput(n));
    const before = await firstSync(server.url);

    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i)));
    const text = articleInput(LIBRARY_ARTICLES);
    const pictures = photos.map((bytes, i) => `<p><img src="data:image/jpeg;base64,${bytes.toString('base64')}" alt="Photo ${i + 1}"></p>`);
    const sent = `${text.content}${pictures.join('')}`;
    const savedAt = performance.now();
    const { article } = await api(server.url, 'POST', '/api/articles/add', { token, body: { article: JSON.stringify({ ...text, content: sent }) } });
    const saveMs = round(performance.now() - savedAt, 0);
    if (article.content.includes('data:')) throw new Error('the saved article still holds data URLs');
    const withFiles = await firstSync(server.url);

    // What a device then keeps of the pictures in the background: every WebP file.
    const files = [...new Set(article.content.match(/\/api\/images\/[^" ]+\.webp/g))];
    let keptBytes = 0;
    for (const file of files) keptBytes += (await (await fetch(server.url + file)).arrayBuffer()).byteLength;

    // The inline copy, as sanitised storage kept it before (`<img … />`), written while no server runs.
    await server.stop();
    const inline = `${text.content}${photos.map((bytes, i) => `<p><img src="data:image/jpeg;base64,${bytes.toString('base64')}" alt="Photo ${i + 1}" /></p>`).join('')}`;
    await insertInlineCopy(uri, await readArticle(uri, article._id), inline);
    server = await startBackend(database, { name: 'bench_images', seed: false, mongoUri: uri });
    const withInline = await firstSync(server.url);
    if (withInline.articles !== LIBRARY_ARTICLES + 2) throw new Error(`the sync brought ${withInline.articles} articles`);

    const syncFiles = withFiles.bytes - before.bytes;
    const syncInline = withInline.bytes - withFiles.bytes;
    const htmlFiles = Buffer.byteLength(article.content);
    const htmlInline = Buffer.byteLength(inline);
    return {
      articles: LIBRARY_ARTICLES,
      photos: PHOTOS,
      photoPx: `${PHOTO.width}×${PHOTO.height}`,
      photoBytes: photos.map((p) => p.length),
      saveMs,
      firstSync: {
        before: before.bytes,
        withFiles: withFiles.bytes,
        withInline: withInline.bytes,
        articleFiles: syncFiles,
        articleInline: syncInline,
        smallerThanInline: round(syncInline / syncFiles, 0),
        otherwise: round(withFiles.bytes / before.bytes, 4),
        ms: { before: before.ms, withFiles: withFiles.ms, withInline: withInline.ms },
      },
      searchText: { files: htmlFiles, inline: htmlInline, smallerThanInline: round(htmlInline / htmlFiles, 0) },
      kept: { files: files.length, bytes: keptBytes },
    };
  } finally {
    await server.stop();
  }
}
