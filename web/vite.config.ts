import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

// Pages are split per route by the dynamic imports in src/app/router.tsx; the entry chunk holds
// only React, the router, TanStack Query and the guards (the toaster loads after first paint).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The manifest lets scripts/bundle-report.mjs weigh what each route really loads.
    manifest: true,
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
