import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// Pages are split per route by the dynamic imports in src/app/router.tsx; the entry chunk holds
// only React, the router, TanStack Query and the guards (the toaster loads after first paint).
export default defineConfig({
  plugins: [react(), tailwindcss(), installable()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets scripts/bundle-report.mjs weigh what each route really loads.
    manifest: true,
    rolldownOptions: {
      // The entry lists every lazy route's chunks by file name (for preloading): names made of the
      // hash alone keep that list ~0.9 KB gzip smaller, which the landing page's 120 KB budget needs.
      // The manifest (and so scripts/bundle-report.mjs) still maps each chunk to its source.
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom renders are slow on a busy machine; a test's speed is never what it checks.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Installable on a phone (decision 024): the web app manifest, and a Workbox service worker that
 * precaches the hashed scripts and styles, the icons and an offline page. Pages are always asked
 * of the network (index.html is tiny and revalidated, so a deploy is seen at once); when it cannot
 * answer, the offline page does. Nothing under /api/ or /media/ is ever cached: those answers
 * belong to one person. The registration is a deferred script of its own (not inline: the CSP
 * allows scripts from our origin only), outside the entry chunk and the landing page's budget.
 */
function installable() {
  return VitePWA({
    injectRegister: 'script-defer',
    // No prompt is shown: a new version waits until every Muster tab is closed, so an open tab
    // keeps the scripts it started with (its lazy chunks stay in the old precache).
    registerType: 'prompt',
    includeAssets: ['favicon.svg', 'avatar.png', 'mission-default.svg', 'icons/apple-touch-icon.png', 'offline.html', 'offline.js'],
    manifest: {
      id: '/',
      name: 'Muster',
      short_name: 'Muster',
      description: 'Rally people and resources around what matters: needs and offers, missions, chat.',
      lang: 'en',
      start_url: './#/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4338ca',
      background_color: '#f8fafc',
      categories: ['social', 'productivity'],
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['assets/**/*.{js,css}'],
      cleanupOutdatedCaches: true,
      // Vite's hashed names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|media)\//.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'offline.html' } },
        },
      ],
    },
  });
}
