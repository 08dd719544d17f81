// The environment `npm start` gives the server. Plain Node, no dependencies.

/**
 * Demo content and the demo administrator (a publicly known login) are seeded only on the
 * embedded database in development, or when SEED_DEMO=true is set explicitly. Production never
 * seeds by default: its first registered account becomes the administrator, as on MONGODB_URI.
 */
export function seedDemoDefault({ env, embeddedDatabase }) {
  if (env.SEED_DEMO !== undefined && env.SEED_DEMO !== '') return env.SEED_DEMO;
  return embeddedDatabase && env.NODE_ENV !== 'production' ? 'true' : 'false';
}
