import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/support/start-server';
import { chromiumFlags, chromiumPath } from '../tests/support/system-chromium';

/**
 * `npm run lighthouse [-- --runs N]` (default 3): Lighthouse's mobile profile (a mid-range phone on a slow 4G
 * link, simulated) on the landing page and the sign-in page of a freshly started server, using the
 * system Chromium. Prints the four category scores per page (the median of the runs) and fails
 * under the floors below. Builds the web app first if there is no build.
 */
const FLOORS: Record<string, Partial<Record<Category, number>>> = {
  '/': { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  '/login': { performance: 95 },
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const runsArg = process.argv.indexOf('--runs');
// Three by default: one run on a busy machine can land several points either side.
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;
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

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
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
      `${process.env.LIGHTHOUSE_JSON}-${new URL(url).pathname.replace(/\W/g, '') || 'root'}.json`,
      JSON.stringify(lhr),
    );
  return { scores, metrics, findings };
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startServer({ LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const problems: string[] = [];
  try {
    for (const [page, floors] of Object.entries(FLOORS)) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${page}`, chrome.port));
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
      ) as Record<Category, number>;
      const perf = runs.map((r) => r.scores.performance);
      console.log(
        `${page.padEnd(8)} ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join('  ')}` +
          (RUNS > 1 ? `  (performance runs: ${perf.join(', ')})` : ''),
      );
      const medianRun = runs.find((r) => r.scores.performance === scores.performance)!;
      console.log(`         ${medianRun.metrics}`);
      for (const finding of medianRun.findings.slice(0, 8)) console.log(`         - ${finding}`);
      for (const [category, floor] of Object.entries(floors) as Array<[Category, number]>)
        if (scores[category] < floor)
          problems.push(`${page} ${category} ${scores[category]} is under ${floor}`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
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
