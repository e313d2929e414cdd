// Lighthouse on the mobile profile (simulated 150 ms RTT, 1.6 Mbps, 4× CPU slowdown: Lighthouse's default
// mobile settings) for `/`, the staff sign-in page `/admin`, `/home` signed in as a parent and `/admin/dashboard`
// signed in as staff.
// Debian's Chromium only: chrome-launcher starts /usr/bin/chromium, Playwright attaches to the same browser
// to sign in through the UI, then Lighthouse audits with the stored session kept and the caches emptied.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, playwright, signInAsParent, signInAsStaff } from './browser.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Lighthouse's own advice: one run is noisy (more so on a shared machine); report the median of several. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Where to keep each run's full JSON report (its diagnostics: bootup time per script, long tasks, …). */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

/** Pages audited, with how to sign in first (the app keeps the session in its own encrypted storage). */
const PAGES = [
  { path: '/' },
  // The staff sign-in page, signed out: what a staff member's phone loads first.
  { path: '/admin' },
  { path: '/home', signIn: signInAsParent },
  { path: '/admin/dashboard', signIn: signInAsStaff },
];

/** Chromium's own installability check (manifest, icons, service worker) on a page that has settled. */
async function installability(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.sw === 'registered', null, {
    timeout: 15_000,
  });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await page.close();
  return installabilityErrors.map((e) => e.errorId);
}

/** Empties HTTP cache, Cache Storage and service workers of the origin, keeping localStorage (the session). */
async function emptyCaches(context, baseUrl) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseUrl).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await page.close();
}

/** The element Lighthouse names as the largest contentful paint (its HTML, shortened). */
function lcpElement(audits) {
  const node = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node?.snippet ? node.snippet.slice(0, 80) : '?';
}

/**
 * Runs the audits and returns one row per page: the category scores (0–100), LCP in ms and the installability
 * verdict, from the median of LIGHTHOUSE_RUNS runs (default 3). Scores come from a cold load: a page that
 * needs a session is opened with the session stored but every cache (HTTP, service worker) emptied.
 */
export async function runLighthouse(baseUrl) {
  const { chromium } = playwright();
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const rows = [];
  try {
    // LIGHTHOUSE_PAGES=/home,/ audits only those pages.
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const { path, signIn } of PAGES.filter((p) => !only || only.includes(p.path))) {
      const url = `${baseUrl}${path}`;
      if (signIn) {
        const page = await context.newPage();
        await signIn(page, baseUrl);
        await page.close();
      }
      const installErrors = await installability(context, url);
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse's own trace recording fails now and then (NO_NAVSTART) on a busy machine: one retry.
        let result;
        for (let attempt = 0; attempt < 2; attempt++) {
          await emptyCaches(context, baseUrl);
          result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(signIn) },
            { extends: 'lighthouse:default', settings: { onlyCategories: CATEGORIES } },
          );
          if (!result.lhr.runtimeError) break;
        }
        const { finalDisplayedUrl, runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`Lighthouse ${path}: ${runtimeError.message}`);
        if (new URL(finalDisplayedUrl).pathname !== path)
          throw new Error(`Lighthouse ${path}: ended on ${finalDisplayedUrl} (not signed in?)`);
        runs.push(result.lhr);
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          const name = `${path.replace(/\W+/g, '_').replace(/^_/, '') || 'root'}-${run + 1}.json`;
          writeFileSync(join(REPORT_DIR, name), JSON.stringify(result.lhr));
          const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
          if (trace)
            writeFileSync(join(REPORT_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
        }
      }
      const { categories, audits } = computeMedianRun(runs);
      rows.push({
        path,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(categories[c].score * 100)])),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        // Every run's score beside the median, and how fast Lighthouse found this machine: its 4× slowdown is
        // relative to the host, so the same page scores lower on a slower one.
        performanceRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
        benchmarkIndex: runs.map((r) => Math.round(r.environment.benchmarkIndex)),
        // What the performance score is made of, to see which one holds it back.
        metrics: [
          ['FCP', audits['first-contentful-paint'].numericValue, 's'],
          ['SI', audits['speed-index'].numericValue, 's'],
          ['TBT', audits['total-blocking-time'].numericValue, 'ms'],
          ['CLS', audits['cumulative-layout-shift'].numericValue, ''],
        ]
          .map(([name, v, unit]) =>
            unit === 's'
              ? `${name} ${(v / 1000).toFixed(2)} s`
              : unit
                ? `${name} ${Math.round(v)} ms`
                : `${name} ${v.toFixed(3)}`,
          )
          .join(', ')
          .concat(`; LCP element ${lcpElement(audits)}`),
        failed: Object.fromEntries(
          ['accessibility', 'best-practices'].map((c) => [
            c,
            categories[c].auditRefs
              .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
              .map((ref) => ref.id),
          ]),
        ),
        installable: installErrors.length === 0 ? 'ya' : `tidak (${installErrors.join(', ')})`,
      });
    }
  } finally {
    await browser.close().catch(() => {});
    chrome.kill();
  }
  return rows;
}

/** `pnpm bench`'s part: one figure line per page and category, with the budgets of the issue. */
export async function benchLighthouse(baseUrl, report) {
  const lcpBudget = { '/': '≤ 2.5 s', '/home': '≤ 3 s' };
  let rows;
  try {
    rows = await runLighthouse(baseUrl);
  } catch (err) {
    // A failed audit is a figure too; it must not cost the rest of the run.
    report('Lighthouse mobile', `gagal: ${err.message}`);
    return;
  }
  for (const row of rows) {
    const name = `Lighthouse mobile ${row.path}`;
    const index = [Math.min(...row.benchmarkIndex), Math.max(...row.benchmarkIndex)];
    report(
      `${name} — performance`,
      `${row.scores.performance} (runs ${row.performanceRuns.join(', ')}; host benchmark index ${index[0]}–${index[1]})`,
      '≥ 90',
    );
    report(`${name} — metrics`, row.metrics);
    const withFailed = (category) =>
      row.failed[category].length
        ? `${row.scores[category]} (${row.failed[category].join(', ')})`
        : row.scores[category];
    report(`${name} — accessibility`, withFailed('accessibility'), '≥ 95');
    report(`${name} — best practices`, withFailed('best-practices'));
    report(`${name} — PWA installable`, row.installable);
    report(`${name} — LCP`, `${(row.lcpMs / 1000).toFixed(2)} s`, lcpBudget[row.path]);
  }
}
