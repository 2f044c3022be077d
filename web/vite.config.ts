import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// Pages are split per route by the dynamic imports in src/app/router.tsx; the entry chunk holds
// only React, the router, TanStack Query and the guards (the toaster loads once something toasts).
export default defineConfig({
  plugins: [react(), tailwindcss(), installable(), startUpGraph(), bootScript()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Vite's manifest (chunk → source); the bundle report reads .vite/chunks.json (startUpGraph).
    manifest: true,
    rolldownOptions: {
      // src/app/boot.ts is an entry of its own (bootScript): small, and first in index.html.
      input: { index: 'index.html', boot: 'src/app/boot.ts' },
      // A module imported both statically and dynamically stays in its static importer's chunk, so
      // its lazy import saves nothing while looking as if it did: the build fails on it rather than
      // print a warning nobody reads (issue 32: mission-dialogs.tsx was such a module).
      onwarn(warning, warn) {
        if (warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') throw new Error(warning.message);
        warn(warning);
      },
      // The entry lists every lazy route's chunks by file name (for preloading): names made of the
      // hash alone keep that list ~0.9 KB gzip smaller, which the landing page's 120 KB budget needs.
      // .vite/chunks.json (startUpGraph, for scripts/bundle-report.mjs) maps each chunk to its sources.
      output: {
        chunkFileNames: 'assets/[hash].js',
        // One chunk for what a signed-in first page needs beyond the entry (the shell and home):
        // left to itself the bundler cut it into ~60 files of 0.2–2 KB, each a request on a phone
        // (decision 027). Only modules no public page reaches go in, so the landing page never
        // loads it; their other dependencies are public ones, already in chunks of their own, so
        // they are not pulled in. The shell's icons (some shared with public pages, ~0.3 KB each)
        // and zod (the contract's schemas) get one chunk each rather than one per module.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What app/boot.ts imports (the session check, the API client, the early feed) in one
            // chunk: each file it waits for is a round trip before it can ask anything.
            { name: 'start', test: (id) => bootStart.has(id), priority: 4 },
            { name: 'shell', test: (id) => signedInStart.has(id), priority: 3 },
            { name: 'icons', test: (id) => shellIcons.has(id), priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
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
    // Node 26 has a localStorage of its own, without storage unless given a file. Vitest leaves a
    // global that Node already has in place, so the tests met Node's instead of jsdom's
    // (decision 054). Without it, jsdom's Storage is the one they read and write, as a browser's.
    execArgv: ['--no-webstorage'],
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
 * belong to one person. The registration is a deferred script of its own (public/registerSW.js; not
 * inline: the CSP allows scripts from our origin only), run after load and idle so the precache
 * does not compete with a first visit (decision 027).
 */
function installable() {
  return VitePWA({
    // Registered by public/registerSW.js (named in index.html), after load and idle (decision 027).
    injectRegister: null,
    // No prompt is shown: a new version waits until every Muster tab is closed, so an open tab
    // keeps the scripts it started with (its lazy chunks stay in the old precache).
    registerType: 'prompt',
    includeAssets: [
      'favicon.svg',
      'avatar.png',
      'mission-default.svg',
      'icons/apple-touch-icon.png',
      'offline.html',
      'offline.js',
    ],
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
      // Web Push (decision 064): shows a pushed notice and opens its page on a click. Its own file
      // in public/, imported by the generated worker, which the browser checks for changes with it.
      importScripts: ['push-sw.js'],
      globPatterns: ['assets/**/*.{js,css}'],
      cleanupOutdatedCaches: true,
      // Vite's hashed names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !/^\/(api|media)\//.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'offline.html' } },
        },
      ],
    },
  });
}

/**
 * Puts src/app/boot.ts (an entry of its own, see `input`) first in the built index.html, before
 * Vite's entry: module scripts run in document order, and boot must not wait for the entry's
 * ~90 KB. It asks who is signed in and, on home, starts loading the shell's chunk as soon as the
 * answer comes, in parallel with the entry rather than after it (issue 17). Not in development,
 * where main.tsx's own session check is enough.
 */
function bootScript(): Plugin {
  return {
    name: 'muster:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        if (!boot) throw new Error('muster:boot-script: no boot chunk in the bundle');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** Modules that the shell and home reach and that no public page (nor the entry) does. */
const signedInStart = new Set<string>();
/** Modules app/boot.ts imports statically: every page loads them, before anything else. */
const bootStart = new Set<string>();
/** The icons the shell and home use that the landing page does not. */
const shellIcons = new Set<string>();

/**
 * Works out signedInStart once the module graph is known (before chunks are cut): everything the
 * app shell and the home route import statically, less everything the entry, the toaster and the
 * pages outside the shell import statically; and bootStart, what app/boot.ts imports statically.
 * Then writes .vite/chunks.json for scripts/bundle-report.mjs: each chunk's static imports and source modules, and the lazily loaded
 * modules (Vite's manifest loses a lazy page once a group holds it).
 */
function startUpGraph(): Plugin {
  const lazy: string[] = [];
  const outsideShell =
    /\/src\/(app\/toaster\.tsx|app\/routes\/verification-pending-route\.tsx|features\/(public|auth|contact)\/components\/[\w-]+-page\.tsx)$/;
  const shellRoots = /\/src\/app\/(layouts\/signed-in-shell|routes\/home-page)\.tsx$/;
  return {
    name: 'muster:start-up-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const outside = reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry || outsideShell.test(id)));
      const landing = reach(
        ids.filter(
          (id) =>
            this.getModuleInfo(id)?.isEntry ||
            /\/src\/features\/public\/components\/landing-page\.tsx$/.test(id),
        ),
      );
      signedInStart.clear();
      shellIcons.clear();
      bootStart.clear();
      const bootEntry = ids.filter((id) => /\/src\/app\/boot\.ts$/.test(id));
      for (const id of reach(bootEntry)) if (!bootEntry.includes(id)) bootStart.add(id);
      lazy.splice(
        0,
        lazy.length,
        ...ids.filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0).map(source),
      );
      for (const id of reach(ids.filter((id) => shellRoots.test(id)))) {
        if (!outside.has(id)) signedInStart.add(id);
        else if (/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !landing.has(id))
          shellIcons.add(id);
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.fromEntries(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [
            c.fileName,
            { imports: c.imports, isEntry: c.isEntry, modules: c.moduleIds.map(source) },
          ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify({ lazy, chunks }, null, 1),
      });
    },
  };
}

/** A module id as the bundle report names it: src/… for ours, the package path for the rest. */
const source = (id: string) =>
  id
    .replace(/\\/g, '/')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*\/web\/src\//, 'src/')
    .replace(/\?.*$/, '');
