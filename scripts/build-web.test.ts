import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWeb, hashWebInputs, WEB_HASH_FILE, webBuildDecision } from './build-web';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project with the files the web build reads, and a stand-in build that writes dist/web. */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-build-web-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('web/index.html', '<div id="root"></div>');
  write('web/main.tsx', 'export {};');
  write('web/public/theme-init.js', '');
  write('contract/money.ts', 'export const a = 1;');
  write('vite.config.ts', 'export default {};');
  write('tsconfig.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('server/main.ts', 'console.log(1);');
  let builds = 0;
  const build = async () => {
    builds++;
    write('dist/web/index.html', '<html></html>');
  };
  const start = () => buildWeb({ root, ifChanged: true, build });
  return { root, write, start, build, builds: () => builds };
}

describe('the web build on start', () => {
  it('builds when there is no build, then not again while nothing changed', async () => {
    const p = project();
    expect(webBuildDecision(p.root)).toMatchObject({ build: true, reason: 'no build in dist/web' });
    expect(await p.start()).toBe(true);
    expect(fs.readFileSync(path.join(p.root, WEB_HASH_FILE), 'utf8').trim()).toBe(
      hashWebInputs(p.root),
    );
    expect(await p.start()).toBe(false);
    expect(await p.start()).toBe(false);
    expect(p.builds()).toBe(1);
  });

  it.each([
    ['a web source', 'web/main.tsx'],
    ['a file added to web/', 'web/features/new.tsx'],
    ['a static file', 'web/public/theme-init.js'],
    ['index.html', 'web/index.html'],
    ['the contract', 'contract/money.ts'],
    ['the Vite config', 'vite.config.ts'],
    ['the lockfile', 'package-lock.json'],
    ['a Tailwind config added', 'tailwind.config.ts'],
  ])('builds again when %s changes', async (_, file) => {
    const p = project();
    await p.start();
    p.write(file, '// changed');
    expect(webBuildDecision(p.root)).toMatchObject({ build: true });
    expect(await p.start()).toBe(true);
    expect(await p.start()).toBe(false);
    expect(p.builds()).toBe(2);
  });

  it('does not build for changes outside its inputs (the server, tests)', async () => {
    const p = project();
    await p.start();
    p.write('server/main.ts', 'console.log(2);');
    p.write('README.md', 'changed');
    expect(await p.start()).toBe(false);
  });

  it('builds again when the build is gone, or the record of its inputs is', async () => {
    const p = project();
    await p.start();
    fs.rmSync(path.join(p.root, 'dist/web'), { recursive: true });
    expect(webBuildDecision(p.root)).toMatchObject({ build: true, reason: 'no build in dist/web' });
    expect(await p.start()).toBe(true);
    fs.rmSync(path.join(p.root, WEB_HASH_FILE));
    expect(await p.start()).toBe(true);
    expect(p.builds()).toBe(3);
  });

  it('builds again after a build that failed', async () => {
    const p = project();
    await p.start();
    p.write('web/main.tsx', 'syntax error');
    const failing = async () => {
      throw new Error('build failed');
    };
    await expect(buildWeb({ root: p.root, ifChanged: true, build: failing })).rejects.toThrow(
      'build failed',
    );
    // The old build is still in dist/web, but it is not the build of these inputs.
    expect(fs.existsSync(path.join(p.root, WEB_HASH_FILE))).toBe(false);
    p.write('web/main.tsx', 'export {};');
    expect(await p.start()).toBe(true);
  });

  it('npm run build always builds, and records its inputs for the next start', async () => {
    const p = project();
    const always = () => buildWeb({ root: p.root, ifChanged: false, build: p.build });
    expect(await always()).toBe(true);
    expect(await always()).toBe(true);
    expect(await p.start()).toBe(false);
    expect(p.builds()).toBe(2);
  });
});
