import { launchChromium, signInAsStaff } from './browser.mjs';

/** Loads `/` in Chromium with an empty cache and sums the compressed bytes of every script, by origin part. */
export async function measureFirstLoad(baseUrl) {
  const browser = await launchChromium();
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
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, 0);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) scripts.set(e.requestId, e.encodedDataLength);
    });
    await page.getByRole('link', { name: 'Calon Murid', exact: true }).click();
    await page.getByTestId('registrant-list-page').waitFor();
    await page.waitForLoadState('networkidle');
    return { bytes: [...scripts.values()].reduce((a, b) => a + b, 0), scripts: scripts.size };
  } finally {
    await browser.close();
  }
}
