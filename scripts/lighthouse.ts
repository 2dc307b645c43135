import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own browser driver (installed with it, the version it drives): used to hand it a tab
// that already carries a member's session.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startServer } from '../tests/support/start-server';
import { startTileStub } from '../tests/support/tile-stub';
import { chromiumFlags, chromiumPath } from '../tests/support/system-chromium';

/**
 * `npm run lighthouse [-- --runs N] [--only /app/my-trees,/login]` (default 3 runs): Lighthouse's mobile
 * profile (a mid-range phone on a slow 4G link, simulated) on the landing page, the sign-in page and
 * four signed-in pages of a freshly started server on the demo community (`seed:demo`), using the
 * system Chromium. Signed-in pages are audited as the demo member Asha: the script signs in through
 * the API and its tab puts that session into sessionStorage (where the app keeps it, for the
 * 8-hour session) before any of the page's scripts run, on every navigation, so Lighthouse still
 * resets storage and cache before each run (a cold load). Map tiles come from a stub on loopback. Prints the four category scores per page
 * (the median of the runs) and fails under the floors below. Builds the web app first if there is
 * no build. `--against DIR` (another build's dist/web) audits that build too, each run right after
 * this build's, on a copy of the same data: a before and after at the same machine load.
 */
const FLOORS: Record<string, Partial<Record<Category, number>>> = {
  '/': { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  '/login': { performance: 95 },
  // Signed in (issue 20): a member on a phone.
  '/app/dashboard': { performance: 90 },
  '/app/my-trees': { performance: 90 },
  '/app/trees-map': { performance: 90 },
  '/app/delive-event': { performance: 90 },
};
/** The demo member the signed-in pages are audited as (scripts/seed/people.ts). */
const DEMO_MEMBER = { email: 'asha@demo.canopy.example', password: 'plant-a-tree-2026' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const runsArg = process.argv.indexOf('--runs');
// Three by default: one run on a busy machine can land several points either side.
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg > 0 ? process.argv[onlyArg + 1]?.split(',') : undefined;
const againstArg = process.argv.indexOf('--against');
const AGAINST = againstArg > 0 ? process.argv[againstArg + 1] : undefined;
const root = path.resolve(import.meta.dirname, '..');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function ensureBuilt(): void {
  if (fs.existsSync(path.join(root, 'dist/web/index.html'))) return;
  console.log('No web build yet: running npm run build…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

interface PageResult {
  scores: Record<Category, number>;
  /** First and largest paint, blocking time, layout shift and speed index, as Lighthouse shows them. */
  metrics: string;
  /** The audits that cost points, worst first, for the median run. */
  findings: string[];
}

/** Fills a fresh data directory with the demo community, before the server (and its jobs) start. */
function seedDemo(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-lighthouse-'));
  console.log('Seeding the demo community…');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seed:demo failed');
  return dataDir;
}

/**
 * Signs the demo member in through the API, as the sign-in form does, and asks who they are, as
 * the app does once signed in: what a tab that signed in holds.
 */
async function signIn(baseUrl: string): Promise<{ token: string; user: string }> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!response.ok)
    throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { result: { token: string } };
  const token = body.result.token;
  const me = await fetch(`${baseUrl}/api/users/currentuser`, {
    headers: { 'x-auth-token': token },
  });
  if (!me.ok) throw new Error(`demo current user failed: ${me.status}`);
  return { token, user: await me.text() };
}

/**
 * A tab whose documents on the app's origin start with the session saved (web/lib/session.ts's
 * keys: the token and the user the app last heard of), as if the member had signed in in this
 * tab: set before the page's own scripts run.
 */
async function signedInTab(
  browser: Browser,
  origin: string,
  session: { token: string; user: string },
): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(
    (appOrigin: string, sessionToken: string, user: string) => {
      if (location.origin !== appOrigin) return;
      sessionStorage.setItem('token', sessionToken);
      sessionStorage.setItem('session_start', String(Date.now()));
      sessionStorage.setItem('session_user', user);
    },
    origin,
    session.token,
    session.user,
  );
  return page;
}

/** Lighthouse could not record the run (NO_NAVSTART and the like, on a busy machine): run it again. */
class RuntimeError extends Error {}

/** One Lighthouse run; with LIGHTHOUSE_JSON=prefix its report is saved as prefix-page-tag.json. */
async function audit(url: string, port: number, page?: Page, tag = ''): Promise<PageResult> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new RuntimeError(`${url}: ${lhr.runtimeError.message}`);
  // A signed-in page that lost its session ends on /login: that would measure the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const findings = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  if (process.env.LIGHTHOUSE_JSON)
    fs.writeFileSync(
      `${process.env.LIGHTHOUSE_JSON}-${new URL(url).pathname.replace(/\W/g, '') || 'root'}${tag}.json`,
      JSON.stringify(lhr),
    );
  return { scores, metrics, findings };
}

/** A server of one build, with the demo member signed in on it. */
interface Target {
  name: string;
  server: Awaited<ReturnType<typeof startServer>>;
  session: { token: string; user: string };
  dataDir: string;
}

/** Prints a page's median scores over `runs` and returns the floors it misses. */
function report(label: string, runs: PageResult[], floors: Partial<Record<Category, number>>) {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
  ) as Record<Category, number>;
  const perf = runs.map((r) => r.scores.performance);
  console.log(
    `${label.padEnd(18)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}` +
      (runs.length > 1 ? `  (performance runs: ${perf.join(', ')})` : ''),
  );
  const medianRun = runs.find((r) => r.scores.performance === scores.performance)!;
  const indent = ' '.repeat(19);
  console.log(`${indent}${medianRun.metrics}`);
  for (const finding of medianRun.findings.slice(0, 8)) console.log(`${indent}- ${finding}`);
  return (Object.entries(floors) as Array<[Category, number]>)
    .filter(([category, floor]) => scores[category] < floor)
    .map(([category, floor]) => `${label} ${category} ${scores[category]} is under ${floor}`);
}

async function main(): Promise<void> {
  ensureBuilt();
  const dataDir = seedDemo();
  // Map tiles from a tile server on loopback: this machine cannot reach OpenStreetMap, and a map
  // whose tiles fail shows a notice (late, and then the largest paint) that a phone would not.
  const tiles = await startTileStub();
  const targets: Target[] = [];
  const start = async (name: string, dir: string, env: Record<string, string> = {}) => {
    const server = await startServer({
      LOG_LEVEL: 'error',
      DATA_DIR: dir,
      TILE_URL: tiles.tileUrl,
      ...env,
    });
    targets.push({ name, server, dataDir: dir, session: await signIn(server.url) });
  };
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const problems: string[] = [];
  try {
    await start('', dataDir);
    if (AGAINST) {
      // The same community in a data directory of its own: two servers never share one.
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-lighthouse-'));
      fs.cpSync(dataDir, otherDir, { recursive: true });
      await start('against', otherDir, { WEB_DIST_DIR: path.resolve(AGAINST) });
    }
    const pages = Object.entries(FLOORS).filter(([page]) => !ONLY || ONLY.includes(page));
    for (const [page, floors] of pages) {
      const runs = targets.map(() => [] as PageResult[]);
      for (let i = 0; i < RUNS; i++) {
        for (const [t, target] of targets.entries()) {
          for (let attempt = 1; ; attempt++) {
            const tab = page.startsWith('/app/')
              ? await signedInTab(browser, target.server.url, target.session)
              : undefined;
            try {
              const tag = `-${target.name || 'this'}-${i + 1}`;
              runs[t]!.push(await audit(`${target.server.url}${page}`, chrome.port, tab, tag));
              break;
            } catch (error) {
              if (!(error instanceof RuntimeError) || attempt === 3) throw error;
              console.log(`${page}: ${error.message}; running it again`);
            } finally {
              await tab?.close();
            }
          }
        }
      }
      for (const [t, target] of targets.entries()) {
        const missed = report(target.name ? `${page} (${target.name})` : page, runs[t]!, floors);
        if (t === 0) problems.push(...missed);
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    for (const target of targets) {
      await target.server.stop();
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
    await tiles.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length) {
    console.error(`Lighthouse floors not met:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('Lighthouse floors met.');
}

main().catch((error: unknown) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
