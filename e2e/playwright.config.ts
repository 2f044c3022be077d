import os from 'node:os';
import { defineConfig } from '@playwright/test';

// Real Chromium from Debian (never a downloaded browser), against the production build served
// by the real server, which global-setup starts on a free port with a fresh database and a real
// SMTP capture server.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Every worker drives a Chromium of its own against the one server process, so workers compete
  // with the server for the cores: at most two, and one core left over for the server when the
  // machine has more than two. On two cores with two busy loops beside it, two workers ran the suite
  // in 3.4 min and one in 5.1 min: the timeouts below, not fewer workers, give a loaded machine room.
  workers: workersFor(os.availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Nothing assumes speed: a journey that takes 20 s alone took 33 s on a loaded 2-core machine,
  // so each test has minutes and each wait seconds; a real failure still fails, only later.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Every test's fresh context would install the service worker and fetch its whole precache
    // (150-odd files) beside the journey, on two cores. tests/pwa.spec.ts allows it and tests it.
    serviceWorkers: 'block',
  },
});

function workersFor(cores: number) {
  return Math.max(1, Math.min(2, cores > 2 ? cores - 1 : cores));
}
