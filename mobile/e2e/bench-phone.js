// What the first-load benchmarks share: the phone they load the page on and the emulated
// network, so that bench-web's figures and bench-floor's floor under them stay comparable.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

/** Fast 3G as the first-load targets name it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT. */
export const FAST_3G = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/**
 * A 390x844 touch phone in headless Debian Chromium with an empty profile; `use(context)` runs
 * with it and the profile is removed afterwards.
 */
export async function withPhone(use) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cozcade-bench-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
    locale: "en-US",
  });
  try {
    return await use(context);
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}
