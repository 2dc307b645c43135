import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budget (DESIGN.md §7): the landing page's initial JavaScript ≤ 120 KB gzip, with no map or chart code.
 * Initial = the entry script, what it statically imports (modulepreload), and the landing route chunk it loads at once.
 */
const LIMIT_BYTES = 120 * 1024;
const FORBIDDEN = [/leaflet/i, /chart\.js|chartjs/i];

const dist = path.resolve(process.argv[2] ?? 'dist/web');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) initial.add(match[1]!);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) initial.add(match[1]!);

const read = (url: string) => fs.readFileSync(path.join(dist, url.replace(/^\//, '')));

// Follow static imports of the entry so nothing hides behind a chunk the browser fetches immediately.
const queue = [...initial].filter((u) => u.startsWith('/assets/'));
while (queue.length) {
  const url = queue.pop()!;
  const code = read(url).toString('utf8');
  for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[\w${}\s,*]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    const dep = `/assets/${m[1]!.slice(2)}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

// The landing route is lazy but requested as soon as the router starts on "/".
const manifestLanding = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^landing-[\w-]+\.js$/.test(f));
for (const file of manifestLanding) initial.add(`/assets/${file}`);

let total = 0;
const rows: string[] = [];
const problems: string[] = [];
for (const url of initial) {
  const body = read(url);
  const gz = gzipSync(body, { level: 9 }).length;
  total += gz;
  rows.push(`  ${url.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
  const text = body.toString('utf8');
  for (const pattern of FORBIDDEN) if (pattern.test(text)) problems.push(`${url} contains map or chart code (${pattern})`);
}
console.log(`Landing page initial JavaScript (${initial.size} files):\n${rows.join('\n')}`);
console.log(`  total ${(total / 1024).toFixed(1)} KB gzip, budget ${(LIMIT_BYTES / 1024).toFixed(0)} KB`);
if (manifestLanding.length === 0) problems.push('no landing route chunk found (expected assets/landing-*.js)');
if (total > LIMIT_BYTES) problems.push(`initial JavaScript is ${(total / 1024).toFixed(1)} KB gzip, over the ${LIMIT_BYTES / 1024} KB budget`);
if (problems.length) {
  console.error(`Bundle budget failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budget: OK');
