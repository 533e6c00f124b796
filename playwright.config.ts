import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './scripts/lib/free-port.ts';

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR)
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'artchip-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  // Tests tagged @global-settings change site-wide settings that other journeys read, so they run on
  // their own after every other test instead of alongside them, and one at a time: the settings form
  // saves every field, so two of them at once would undo each other's changes.
  projects: [
    {
      name: 'chromium',
      grepInvert: /@global-settings/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-global-settings',
      grep: /@global-settings/,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Migrations, the demo catalogue and its placed discs: 77 s was seen at a load of 24 on 2 cores.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      ADMIN_EMAIL: 'admin@artchip.test',
      ADMIN_PASSWORD: 'admin-password-123',
      // Decision 076: signs the demo dispute webhooks tests/e2e/disputes.spec.ts posts.
      DEMO_WEBHOOK_SECRET: 'whsec_e2e_demo_disputes',
    },
  },
});
