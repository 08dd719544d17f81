import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'pwa',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
  },
});
