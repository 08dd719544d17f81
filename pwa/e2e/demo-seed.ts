// What the browser tests' server seeds (SEED_DEMO=true in global-setup.ts): the demo admin and
// the list of demo articles, read from the seed's data files (backend/seed-data), not from the
// backend's code: the PWA's side talks to the backend only over HTTP.
import fs from 'node:fs';

const SEED_DATA_DIR = new URL('../../backend/seed-data/', import.meta.url);

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(file, SEED_DATA_DIR), 'utf8')) as T;

export const DEMO_ADMIN = readJson<{ name: string; email: string; password: string }>('demo-admin.json');

/** The seeded articles without their text: id, title, category, published or a draft. */
export const SEED_ARTICLES = readJson<{ _id: string; title: string; category: string; isPublished: boolean }[]>(
  'articles.json',
);
