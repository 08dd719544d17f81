// Reads the demo content kept as data in backend/seed-data: articles.json lists the articles
// (fixed ids, the featured ones among them, dates, drafts), each one's HTML in articles/<file>;
// comments.json, demo-lessons.json and demo-admin.json hold the rest. Read only when a seed asks,
// and checked on the way in, so a mistyped field stops the seed with the file's name.
import fs from 'node:fs';
import { z } from 'zod';
import { CATEGORY_NAMES, type LessonFields } from '@fw/contracts';

const SEED_DATA_DIR = new URL('../../seed-data/', import.meta.url);

const isoDate = z.iso.datetime();
const articleEntrySchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  category: z.enum(CATEGORY_NAMES),
  isPublished: z.boolean(),
  createdAt: isoDate,
  /** The HTML under articles/, one block a line. */
  file: z.string().regex(/^[a-z0-9-]+\.html$/),
});
const seedCommentSchema = z.strictObject({
  _id: z.string(),
  article: z.string(),
  name: z.string(),
  content: z.string(),
  isApproved: z.boolean(),
  createdAt: isoDate,
});
const demoAdminSchema = z.strictObject({ name: z.string(), email: z.string(), password: z.string() });
const demoLessonSchema = z.strictObject({
  broadcast: z.boolean(),
  title: z.string(),
  text: z.string(),
  extras: z.array(z.strictObject({ title: z.string(), text: z.string() })),
});

type SeedArticle = Omit<z.infer<typeof articleEntrySchema>, 'file'> & { content: string };
type SeedComment = z.infer<typeof seedCommentSchema>;
type DemoAdmin = z.infer<typeof demoAdminSchema>;

interface SeedContent {
  articles: readonly SeedArticle[];
  comments: readonly SeedComment[];
  admin: DemoAdmin;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(new URL(file, SEED_DATA_DIR), 'utf8')));
  if (!parsed.success) throw new Error(`backend/seed-data/${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Joins the one-block-per-line files into Quill's output shape (no whitespace between blocks). */
function quill(html: string): string {
  return html.trim().replace(/>\s*\n\s*</g, '><');
}

/** The demo articles, comments and admin of a development database. */
export function loadSeedContent(): SeedContent {
  const articles = readJson('articles.json', z.array(articleEntrySchema)).map(({ file, ...article }) => ({
    ...article,
    content: quill(fs.readFileSync(new URL(`articles/${file}`, SEED_DATA_DIR), 'utf8')),
  }));
  return {
    articles,
    comments: readJson('comments.json', z.array(seedCommentSchema)),
    admin: loadDemoAdmin(),
  };
}

/** The demo administrator (only on the embedded development database; the README gives it). */
export function loadDemoAdmin(): DemoAdmin {
  return readJson('demo-admin.json', demoAdminSchema);
}

/** Demo Family Worship weeks, without dates: they are given from the week they are seeded. */
export function loadDemoLessons(): Omit<LessonFields, 'date'>[] {
  return readJson('demo-lessons.json', z.array(demoLessonSchema));
}
