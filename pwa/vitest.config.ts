import { defineConfig } from 'vitest/config';
import { readingPlans } from './vite-plugins/reading-plans.ts';

export default defineConfig({
  // The built-in reading plans, as the app's build makes them (features/plans/ loads them).
  plugins: [readingPlans()],
  test: {
    name: 'pwa',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    // A file that tests no page (the data layer, sync's logic, dates) says so on its first line,
    // `// @vitest-environment node`: jsdom took about 2 s to set up for each file, most of the
    // project's time (72 files: 163 s in all, 43 s of it the tests themselves).
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // jsdom drawing a few hundred rows took 1.2 s alone and 6 s on this 2-core machine beside
    // browser runs (NotesPage.test.tsx): vitest's 5 s default failed a test that was only slow.
    testTimeout: 20_000,
  },
});
