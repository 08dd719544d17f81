import { defineConfig } from 'vitest/config';
import { readingPlans } from './vite-plugins/reading-plans.ts';

export default defineConfig({
  // The built-in reading plans, as the app's build makes them (features/plans/ loads them).
  plugins: [readingPlans()],
  test: {
    name: 'pwa',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
  },
});
