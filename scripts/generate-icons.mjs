/**
 * node scripts/generate-icons.mjs — draws the home-screen icons of the web app manifest
 * (docs/product.md#offline) into web/public/icons/, once; the PNGs are committed, so builds need no browser.
 *
 * The icon is an SVG drawn here (a white "K" on the brand green, no font needed) and
 * rendered by Debian's Chromium through playwright-core: `any` icons have rounded corners
 * on a transparent background; the `maskable` one fills the square and keeps the letter
 * inside the central 80 % circle that launchers may cut it to.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const outDir = new URL('../web/public/icons/', import.meta.url);
const brand = '#047857'; // index.html's theme-color and the manifest's theme_color

/** The letter K in a 100 × 100 box, centred on (50, 50), scaled by `scale`. */
function letter(scale) {
  const k = 'M30 18h13v26l25-26h17L58 46l29 36H70L50 56l-7 7v19H30z';
  return `<path fill="#fff" transform="translate(50 50) scale(${scale}) translate(-58 -50)" d="${k}"/>`;
}

const icons = [
  // Rounded, transparent corners: shown as is where launchers do not mask.
  { file: 'icon-192.png', size: 192, svg: `<rect width="100" height="100" rx="22" fill="${brand}"/>${letter(0.8)}` },
  { file: 'icon-512.png', size: 512, svg: `<rect width="100" height="100" rx="22" fill="${brand}"/>${letter(0.8)}` },
  // Full bleed; the letter stays well within the 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: `<rect width="100" height="100" fill="${brand}"/>${letter(0.6)}` },
  // iOS ignores the manifest's icons and rounds this one itself.
  { file: 'apple-touch-icon-180.png', size: 180, svg: `<rect width="100" height="100" fill="${brand}"/>${letter(0.7)}` },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${icon.size}" height="${icon.size}">${icon.svg}</svg>` +
        `</body></html>`,
    );
    await page.screenshot({ path: new URL(icon.file, outDir).pathname, omitBackground: true });
    console.log(`wrote web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
