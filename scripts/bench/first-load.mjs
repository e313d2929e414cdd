import { createRequire } from 'node:module';
import { root } from '../lib/workspace.mjs';

/** Loads `/` in Chromium with an empty cache and sums the compressed bytes of every script, by origin part. */
export async function measureFirstLoad(baseUrl) {
  const { chromium } = createRequire(`${root}/e2e/package.json`)('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await browser.close();
  const byPart = {};
  let total = 0;
  for (const { url, bytes } of scripts.values()) {
    const part = new URL(url).pathname.match(/^\/mfe\/([^/]+)/)?.[1] ?? 'shell';
    byPart[part] = (byPart[part] ?? 0) + bytes;
    total += bytes;
  }
  return { byPart, total };
}
