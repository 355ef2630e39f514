import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's chromium: Playwright cannot download its own browsers here. Its headless shell
// (`chromium-headless-shell`, the same engine without the browser around it) is what Playwright
// itself runs headless tests in; the whole suite took about a third less time in it than in the full
// browser (4.5 against 7 minutes, one machine, one day). Where only the browser is installed, the
// tests run in that.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
};

/**
 * End-to-end tests in a real browser against the real server (started by the global setup).
 * Every spec runs twice: with JavaScript on and with it off, the portal's two ways of working.
 */
export default defineConfig({
  testDir: "test/e2e",
  globalSetup: "./test/e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // A loaded two-core machine (two browsers beside the server) takes three times as long as a quiet
  // one for the longest flows; these limits leave room for that, the checks stay as they are.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // Set by the global setup; workers load this file again after it ran.
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // A failed test keeps its trace with the DOM of every step; without the trace's screencast,
    // which the browser encoded all through every test: the suite took a quarter longer with it.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The service worker's cache would stand between a spec and the server; its own spec allows it.
    serviceWorkers: "block",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions } },
    {
      name: "nojs",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
      // The screenshots for the visual check and the accessibility walk run once, with JavaScript;
      // what exists only with JavaScript (*.js-only.spec.ts) is tested there too.
      testIgnore: /(screens|accessibility|\.js-only)\.spec\.ts$/,
    },
  ],
});
