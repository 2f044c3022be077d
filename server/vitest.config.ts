import os from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = os.availableParallelism();

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database; PGlite is single-threaded WASM, so one fork per core, with
    // one core left over on bigger machines (for PostgreSQL or Redis when they run beside us), and
    // at most four, so the files' connection pools (20 each) stay inside PostgreSQL's 100 connections.
    pool: 'forks',
    maxWorkers: Math.max(1, Math.min(4, cores > 2 ? cores - 1 : cores)),
    // Nothing assumes speed: on a busy 2-core machine a test or a fresh database can take many
    // times what it takes alone. Bounds the issues ask for are asserted in the tests themselves.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
