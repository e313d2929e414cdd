import { launchChromium, signInAsStaff } from './browser.mjs';

/** Starts recording every script the page loads from now on: its address and compressed bytes. */
async function recordScripts(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  return { cdp, scripts: () => [...scripts.values()] };
}

/** Loads `/` in Chromium with an empty cache and sums the compressed bytes of every script, by origin part. */
export async function measureFirstLoad(baseUrl) {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const recorded = await recordScripts(page);
  await recorded.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await browser.close();
  const byPart = {};
  let total = 0;
  for (const { url, bytes } of recorded.scripts()) {
    const part = new URL(url).pathname.match(/^\/mfe\/([^/]+)/)?.[1] ?? 'shell';
    byPart[part] = (byPart[part] ?? 0) + bytes;
    total += bytes;
  }
  return { byPart, total };
}

/**
 * The compressed JavaScript the staff registrant list adds to an admin page already loaded: a superadmin signs
 * in, the dashboard settles, then the sidebar's "Calon Murid" opens the list in the same page.
 */
export async function measureRegistrantListRoute(baseUrl) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signInAsStaff(page, baseUrl);
    await page.waitForLoadState('networkidle');
    const recorded = await recordScripts(page);
    await page.getByRole('link', { name: 'Calon Murid', exact: true }).click();
    await page.getByTestId('registrant-list-page').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = recorded.scripts();
    return { bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts: scripts.length };
  } finally {
    await browser.close();
  }
}
