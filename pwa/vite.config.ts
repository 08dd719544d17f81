import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-plugins/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // 'prompt', not 'autoUpdate': an automatic reload would lose what an admin is typing.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'logo.svg'],
      manifest: {
        name: 'Living Best Now: Bible articles for families',
        short_name: 'Living Best Now',
        description: 'Bible-based articles and a weekly Family Worship schedule, readable offline.',
        theme_color: '#7a4b1f',
        background_color: '#faf6ef',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: compresses what every plugin before it wrote, the service worker included.
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', sourcemap: false },
});
