import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, loginAsAdmin, loginAsParent } from '../support/accounts';

/** The app's entry script, which the first-view pages start only once their frame is drawn (or not). */
const MAIN_JS = /\/assets\/main\.[0-9a-f]+\.js$/;

/** Holds the app's entry script back until the returned function is called. */
async function holdApp(page: Page, times?: number): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    MAIN_JS,
    async (route) => {
      await held;
      await route.continue();
    },
    times ? { times } : undefined,
  );
  return release;
}

/**
 * A first visit (a controlling service worker would answer every page with its cached index.html, and the
 * held script from its cache too) whose pages record every Content-Security-Policy violation from the first
 * script on: anything the policy blocks (an eval probe, an inline script) is both a broken feature and a
 * browser "issue".
 */
async function firstVisit(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return context;
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/**
 * Opens a first-view page with the app's entry script held back: by the time the page asks for it, the frame
 * has been drawn or never will be, and nothing of the app's can have taken it down.
 */
async function expectNoFrameWhileAppHeld(page: Page, path: string) {
  const release = await holdApp(page, 1);
  const asked = page.waitForRequest(MAIN_JS);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await asked;
  await expect(page.locator('#psb-first-view')).toHaveCount(0);
  await expect(page.locator('#root .psb-splash')).toBeVisible();
  release();
}

test('the home shows the foundation’s welcome before the app loads, then the app takes over', async ({
  browser,
  page,
  request,
}) => {
  const firstPage = await (await request.get('/api/v1/public/first_page')).json();
  // Staff write the welcome in Markdown; its first words are plain text in both views.
  const welcomeWords = String(firstPage.result.welcome_description)
    .replace(/[*_#>`[\]()]/g, '')
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
  expect(welcomeWords.length).toBeGreaterThan(0);

  // Without JavaScript a visitor still gets the page the server drew, with working links.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('heading', { level: 1, name: 'Penerimaan Siswa Baru' })).toBeVisible();
  await expect(bare.getByText(welcomeWords)).toBeVisible();
  await expect(bare.getByRole('img', { name: 'Ilustrasi penerimaan siswa baru' })).toBeVisible();
  await bare.getByRole('link', { name: 'Daftar dengan Voucher' }).click();
  await expect(bare).toHaveURL(/\/\?modal=voucher$/);
  await noScript.close();

  // With JavaScript the app replaces it: one page, the app's, with its buttons working.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expect(page.locator('#psb-first-view')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText(welcomeWords)).toBeVisible();
  // The app shows the welcome the server already rendered, formatting included, without a Markdown renderer.
  const welcome = page.getByTestId('welcome-text');
  expect(await welcome.innerHTML()).toContain('<p>');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => url.includes('psb-markdown'))).toEqual([]);
  await page.getByTestId('home-voucher').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a signed-in parent’s home shows its frame and greeting before the app loads, then the app takes over', async ({
  browser,
}) => {
  const context = await firstVisit(browser);
  const page = await context.newPage();
  await loginAsParent(page, DEMO.parent.username, DEMO.parent.password);
  const name = (await page.getByTestId('parent-greeting').textContent())?.replace('Selamat datang, ', '');
  expect(name).toBeTruthy();

  // The app's entry script is held back: what shows meanwhile is drawn from the stored session alone.
  const release = await holdApp(page);
  // Not until 'load': that waits for the held script.
  await page.goto('/home', { waitUntil: 'domcontentloaded' });
  const frame = page.locator('#psb-first-view');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(`Selamat datang, ${name}`);
  await expect(frame.getByLabel('Memuat beranda')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('parent-greeting')).toHaveCount(0);

  release();
  await expect(page.getByTestId('parent-greeting')).toHaveText(`Selamat datang, ${name}`);
  await expect(frame).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /Selamat datang/ })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(await cspViolations(page)).toEqual([]);

  // Signed out, /home draws no frame: the guard's page is all there is.
  await page.unroute(MAIN_JS);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expectNoFrameWhileAppHeld(page, '/home');
  await expect(page).toHaveURL(/\/404\?/);
  await context.close();
});

test('a signed-in staff member’s dashboard shows its frame and greeting before the app loads, then the app takes over', async ({
  browser,
}) => {
  const context = await firstVisit(browser);
  const page = await context.newPage();
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const greeting = page.getByRole('heading', { level: 2, name: /^Selamat datang, / });
  const text = (await greeting.textContent()) ?? '';
  expect(text).toMatch(/^Selamat datang, \S/);
  const appBox = await greeting.boundingBox();

  // The app's entry script is held back: what shows meanwhile is drawn from the stored session alone.
  const release = await holdApp(page);
  await page.goto('/admin/dashboard', { waitUntil: 'domcontentloaded' });
  const frame = page.locator('#psb-first-view');
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(text);
  await expect(frame.getByLabel('Memuat dasbor')).toHaveAttribute('aria-busy', 'true');
  await expect(frame.getByRole('link', { name: 'PSB Online, ke beranda' })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
  await expect(page.getByTestId('admin-dashboard')).toHaveCount(0);
  // Where the app draws its greeting, so handing over moves nothing.
  expect(await frame.getByRole('heading', { level: 2 }).boundingBox()).toEqual(appBox);

  release();
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(greeting).toHaveText(text);
  await expect(page.getByRole('heading', { level: 2, name: /Selamat datang/ })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(await cspViolations(page)).toEqual([]);

  // Signed out, the dashboard draws no frame: the guard's page is all there is.
  await page.unroute(MAIN_JS);
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoFrameWhileAppHeld(page, '/admin/dashboard');
  await expect(page).toHaveURL(/\/404\?/);
  await expect(page.getByRole('link', { name: 'Masuk' })).toBeVisible();
  await context.close();
});

/** Opens `path` and tells whether the service worker answered it with that page's own first-view HTML. */
async function openFromServiceWorker(page: Page, path: string, firstViewScript: RegExp) {
  const res = await page.goto(path);
  return {
    fromWorker: res?.fromServiceWorker() ?? false,
    ownPage: firstViewScript.test((await res?.text()) ?? ''),
  };
}

test('repeat visits under the service worker draw the home’s and the dashboard’s frames from its cache', async ({
  browser,
}) => {
  const context = await browser.newContext();
  // The app takes a frame down as soon as it draws (here from the worker's cache, quickly): remember one was up.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('psb-first-view')) return;
      Object.assign(window, { sawFrame: true });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const sawFrame = (page: Page) => page.evaluate(() => 'sawFrame' in window);
  const page = await context.newPage();
  await loginAsParent(page, DEMO.parent.username, DEMO.parent.password);
  await expect(page.locator('html')).toHaveAttribute('data-sw', 'registered', { timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), {
      timeout: 20_000,
    })
    .toBe(true);

  expect(await openFromServiceWorker(page, '/home', /home-first-view\.[0-9a-f]+\.js/)).toEqual({
    fromWorker: true,
    ownPage: true,
  });
  await expect(page.getByTestId('parent-greeting')).toBeVisible();
  expect(await sawFrame(page)).toBe(true);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page.getByTestId('home-login')).toBeVisible();
  await loginAsAdmin(page, DEMO.superadmin.username, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(
    await openFromServiceWorker(page, '/admin/dashboard', /dashboard-first-view\.[0-9a-f]+\.js/),
  ).toEqual({ fromWorker: true, ownPage: true });
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  expect(await sawFrame(page)).toBe(true);
  await context.close();
});
