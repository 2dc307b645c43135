import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Builds the web app into dist/web and records a hash of what the build read beside it
 * (dist/web-inputs.sha256).
 *
 * - `npm run build` (no flag): always builds.
 * - `npm start` (`--if-changed`): builds only when the inputs changed since the last build, or when
 *   there is no complete build (no dist/web/index.html, no recorded hash), so a second start goes
 *   straight to the server.
 */

/** What the web build reads: its sources (web/ incl. index.html and public/), contract/, and config. */
export const WEB_BUILD_INPUTS = [
  'web',
  'contract',
  // The message files and their compiler (issue 26).
  'locales',
  'scripts/i18n/vite-plugin.ts',
  'vite.config.ts',
  'tsconfig.json',
  // The installed versions of Vite, React, Tailwind and everything else the bundle holds.
  'package-lock.json',
  // None today (Tailwind 4 is configured in CSS); listed so adding one triggers a rebuild.
  'tailwind.config.js',
  'tailwind.config.ts',
  'postcss.config.js',
  'postcss.config.cjs',
  'postcss.config.mjs',
];
export const WEB_OUT_DIR = 'dist/web';
export const WEB_HASH_FILE = 'dist/web-inputs.sha256';

/** Every file under `input` (a file or a directory), as paths relative to `root`. */
function filesOf(root: string, input: string): string[] {
  const full = path.join(root, input);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [input];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => filesOf(root, path.posix.join(input, entry.name)));
}

/** SHA-256 over the inputs' paths and contents, in a fixed order; a missing input adds nothing. */
export function hashWebInputs(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesOf(root, input)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type BuildDecision =
  { build: false; hash: string } | { build: true; hash: string; reason: string };

/** Whether the web app must be built: no complete build, or inputs not those of the last build. */
export function webBuildDecision(root: string): BuildDecision {
  const hash = hashWebInputs(root);
  if (!fs.existsSync(path.join(root, WEB_OUT_DIR, 'index.html')))
    return { build: true, hash, reason: `no build in ${WEB_OUT_DIR}` };
  const hashFile = path.join(root, WEB_HASH_FILE);
  if (!fs.existsSync(hashFile))
    return { build: true, hash, reason: 'no record of what the last build read' };
  if (fs.readFileSync(hashFile, 'utf8').trim() !== hash)
    return { build: true, hash, reason: 'the web sources, contract, config or lockfile changed' };
  return { build: false, hash };
}

/**
 * Builds when needed (or always), then records the inputs' hash. The hash is taken before the
 * build and the old one removed first, so a build that fails or is cut short is redone next time,
 * and an input edited during the build makes the next start build again.
 */
export async function buildWeb(options: {
  root: string;
  ifChanged: boolean;
  build: () => Promise<void>;
  log?: (line: string) => void;
}): Promise<boolean> {
  const { root, log = () => {} } = options;
  const decision: BuildDecision = options.ifChanged
    ? webBuildDecision(root)
    : { build: true, hash: hashWebInputs(root), reason: 'npm run build always builds' };
  if (!decision.build) {
    log(`Web app unchanged since the last build (${WEB_OUT_DIR}): not rebuilding.`);
    return false;
  }
  log(`Building the web app: ${decision.reason}.`);
  const hashFile = path.join(root, WEB_HASH_FILE);
  fs.rmSync(hashFile, { force: true });
  await options.build();
  fs.mkdirSync(path.dirname(hashFile), { recursive: true });
  fs.writeFileSync(hashFile, `${decision.hash}\n`);
  return true;
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  // vite.config.ts names its paths from here, as `vite build` run by npm does.
  process.chdir(root);
  await buildWeb({
    root,
    ifChanged: process.argv.includes('--if-changed'),
    log: (line) => console.log(line),
    build: async () => {
      // Vite only when building: a start with nothing to build does not load it.
      const { build } = await import('vite');
      await build({ configFile: path.join(root, 'vite.config.ts') });
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(`build-web: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
