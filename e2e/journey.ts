/**
 * The browser of a journey: real Chromium with a phone-sized context per journey, and the
 * `journey` test that gives each file its own app and browser and each journey its own
 * context (cookies, localStorage).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject, test } from 'vitest';
import { startApp, type RunningApp } from './app-server';
import { writeQrY4m } from './fake-camera';

const artifactsDir = fileURLToPath(new URL('./artifacts', import.meta.url));

/** Set by global-setup.ts; '' means Chromium is missing and the journeys skip. */
export const chromiumPath = inject('chromiumPath');
export const journeysDisabled = !chromiumPath;

const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A mid-range Android phone: what most of our users hold. */
const phoneContext = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

// Generous: in CI the journeys share two cores with the server tests.
const actionTimeoutMs = 15_000;


export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * Chromium whose only camera films `videoPath` (a Y4M file, see fake-camera.ts), with
 * camera permission granted without asking. Chromium reads the file at launch, so each
 * picture needs its own browser.
 */
export async function launchChromiumWithCamera(videoPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  });
}

/** What the page reported: console errors and uncaught exceptions. */
export interface PageProblems {
  consoleErrors: string[];
  uncaughtErrors: string[];
  /** Console errors that report a Content Security Policy violation. */
  cspViolations(): string[];
}

function watchProblems(page: Page): PageProblems {
  const consoleErrors: string[] = [];
  const uncaughtErrors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => uncaughtErrors.push(error.stack ?? error.message));
  return {
    consoleErrors,
    uncaughtErrors,
    cspViolations: () => consoleErrors.filter((text) => /Content Security Policy/i.test(text)),
  };
}

const problemsOfPage = new WeakMap<Page, PageProblems>();

function artifactName(testName: string): string {
  const slug = testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${slug}-${Date.now()}.png`;
}

interface Phone {
  page: Page;
  /** Screenshots a failed journey, closes the context and fails on CSP violations or crashes. */
  finish(task: { name: string; result?: { state?: string } }): Promise<void>;
}

async function newPhone(browser: Browser, baseUrl: string, camera = false): Promise<Phone> {
  const context: BrowserContext = await browser.newContext({
    ...phoneContext, baseURL: baseUrl, ...(camera ? { permissions: ['camera'] } : {}),
  });
  context.setDefaultTimeout(actionTimeoutMs);
  const page = await context.newPage();
  const problems = watchProblems(page);
  problemsOfPage.set(page, problems);
  return {
    page,
    async finish(task) {
      // Every journey, whatever it checks, also fails on a CSP violation or a crash.
      const faults = [...problems.cspViolations(), ...problems.uncaughtErrors];
      if (task.result?.state === 'fail' || faults.length > 0) {
        mkdirSync(artifactsDir, { recursive: true });
        const path = `${artifactsDir}/${artifactName(task.name)}`;
        await page.screenshot({ path, fullPage: true }).catch(() => {});
        console.error(`e2e: the failed journey ended at ${page.url()}; screenshot: ${path}`);
        const reported = [...problems.consoleErrors, ...problems.uncaughtErrors];
        if (reported.length) console.error(`e2e: the page reported:\n  ${reported.join('\n  ')}`);
      }
      await context.close();
      if (faults.length > 0) throw new Error(`the page reported CSP violations or uncaught errors:\n  ${faults.join('\n  ')}`);
    },
  };
}

interface JourneyFixtures {
  /** A fresh phone-sized page whose relative URLs go to the app. */
  page: Page;
  problems: PageProblems;
  /**
   * Another person's phone: a page in a context of its own (its own session). With
   * `cameraShowing`, the phone's camera films that text as a QR code (its own Chromium).
   * Checked and closed like `page` when the journey ends.
   */
  openPhone: (options?: { cameraShowing?: string }) => Promise<Page>;
}

interface FileFixtures {
  khata: RunningApp;
  browser: Browser;
}

/**
 * `journey(name, async ({ page, khata }) => …)`: a test with the app and browser of its
 * file and a page of its own. A failing journey leaves a screenshot in e2e/artifacts/.
 */
export const journey = test.extend<JourneyFixtures & FileFixtures>({
  khata: [
    async ({}, use) => {
      const khata = await startApp();
      await use(khata);
      await khata.close();
    },
    { scope: 'file' },
  ],
  browser: [
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  page: async ({ browser, khata, task }, use) => {
    const phone = await newPhone(browser, khata.baseUrl);
    await use(phone.page);
    await phone.finish(task);
  },
  openPhone: async ({ browser, khata, task }, use) => {
    const phones: Phone[] = [];
    const cameraBrowsers: Browser[] = [];
    let videoDir: string | undefined;
    await use(async (options = {}) => {
      let inBrowser = browser;
      if (options.cameraShowing !== undefined) {
        videoDir ??= mkdtempSync(join(tmpdir(), 'khata-e2e-camera-'));
        const videoPath = join(videoDir, `camera-${cameraBrowsers.length}.y4m`);
        writeQrY4m(options.cameraShowing, videoPath);
        inBrowser = await launchChromiumWithCamera(videoPath);
        cameraBrowsers.push(inBrowser);
      }
      const phone = await newPhone(inBrowser, khata.baseUrl, options.cameraShowing !== undefined);
      phones.push(phone);
      return phone.page;
    });
    const faults: unknown[] = [];
    for (const phone of phones) await phone.finish(task).catch((error: unknown) => faults.push(error));
    for (const cameraBrowser of cameraBrowsers) await cameraBrowser.close();
    if (videoDir) rmSync(videoDir, { recursive: true, force: true });
    if (faults.length > 0) throw faults[0];
  },
  problems: async ({ page }, use) => {
    await use(problemsOfPage.get(page)!);
  },
});
