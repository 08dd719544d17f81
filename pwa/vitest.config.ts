import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'pwa',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
  },
});
