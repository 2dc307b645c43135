import fs from 'node:fs';
import path from 'node:path';
import { zodResolver } from '@hookform/resolvers/zod';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { lazySchemasTransform, schemaInitialisers } from './lazy-schemas-transform';

const contractDir = path.resolve(import.meta.dirname, '../../contract');
const transform = (code: string) =>
  lazySchemasTransform(code, parseAst(code, { lang: 'ts' }), '/lazy.ts');

describe('lazySchema', () => {
  it('builds the schema on first use, once, and then behaves as it does', () => {
    let builds = 0;
    const build = () => {
      builds++;
      return z.object({ name: z.string().trim().min(1, 'Name is required!'), n: z.number() });
    };
    const lazy = lazySchema(build);
    expect(builds).toBe(0);
    expect(lazy.parse({ name: ' a ', n: 1 })).toEqual({ name: 'a', n: 1 });
    expect(builds).toBe(1);
    const real = build();
    for (const input of [{ name: ' ', n: 1 }, { n: 'x' }, null])
      expect(lazy.safeParse(input)).toEqual(real.safeParse(input));
    expect(builds).toBe(2);
    expect(lazy instanceof z.ZodObject).toBe(true);
    expect(lazy instanceof z.ZodString).toBe(false);
    expect(Object.keys(lazy.shape)).toEqual(['name', 'n']);
    expect(lazy.shape.name.safeParse('').success).toBe(false);
    expect('_zod' in lazy).toBe(true);
  });

  it('serves as a part of other schemas and takes their methods', () => {
    const status = lazySchema(() => z.enum(['healthy', 'dead']));
    const tree = lazySchema(() => z.object({ status, tags: z.array(status).optional() }));
    const wider = tree.extend({ id: z.string() }).partial();
    expect(status.options).toEqual(['healthy', 'dead']);
    expect(z.array(tree).parse([{ status: 'dead' }])).toEqual([{ status: 'dead' }]);
    expect(wider.parse({ id: 'a' })).toEqual({ id: 'a' });
    expect(tree.safeParse({ status: 'gone' }).success).toBe(false);
    expect(z.union([status, z.literal(3)]).parse(3)).toBe(3);
    expect(tree.optional().parse(undefined)).toBeUndefined();
    expect(z.toJSONSchema(tree)).toEqual(
      z.toJSONSchema(
        z.object({
          status: z.enum(['healthy', 'dead']),
          tags: z.array(z.enum(['healthy', 'dead'])).optional(),
        }),
      ),
    );
  });

  it('validates a form through react-hook-form as the schema itself does', async () => {
    const build = () => z.object({ email: z.string().email('Email is not valid.') });
    const options = { fields: {}, shouldUseNativeValidation: false };
    const lazy = await zodResolver(lazySchema(build), undefined, { mode: 'sync' })(
      { email: 'x' },
      undefined,
      options,
    );
    const real = await zodResolver(build(), undefined, { mode: 'sync' })(
      { email: 'x' },
      undefined,
      options,
    );
    expect(lazy.errors).toMatchObject({ email: { message: 'Email is not valid.' } });
    expect(lazy).toEqual(real);
  });
});

describe('lazySchemasTransform', () => {
  it('wraps module-level schemas, and only schemas', () => {
    const code = [
      "import { z } from 'zod';",
      'export const LIMIT = 3;',
      "const SIZES = ['a'].map((s) => s);",
      'export const a = z.object({ n: z.number() });',
      'export const b = a.extend({ m: z.string() }).partial();',
      'const c = z.iso.datetime();',
      'export const d = z.coerce.number().int();',
      'export const keys = a.keyof().options;',
      'export const parsed = a.safeParse({ n: 1 });',
      'export const helper = (m: string) => z.string().min(1, m);',
      "export const fromHelper = helper('x');",
      'export type A = z.infer<typeof a>;',
    ].join('\n');
    const out = transform(code)!;
    for (const wrapped of ['a', 'b', 'c', 'd'])
      expect(out).toMatch(new RegExp(`const ${wrapped} = __lazySchema\\(\\(\\) => \\(`));
    for (const kept of ['LIMIT', 'SIZES', 'keys', 'parsed', 'helper', 'fromHelper'])
      expect(out).toMatch(new RegExp(`const ${kept} = (?!__lazySchema)`));
    expect(out.startsWith('import { lazySchema as __lazySchema } from "/lazy.ts";\n')).toBe(true);
    expect(transform('export const a = 1;')).toBeNull();
  });

  it('leaves every contract module parseable and wraps only what is a schema at run time', async () => {
    const files = fs
      .readdirSync(contractDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    let wrapped = 0;
    for (const file of files) {
      const code = fs.readFileSync(path.join(contractDir, file), 'utf8');
      const out = transform(code);
      if (out === null) continue;
      expect(() => parseAst(out, { lang: 'ts' })).not.toThrow();
      // Each wrapped text is a whole call expression of the source (positions in UTF-16 units).
      for (const init of schemaInitialisers(parseAst(code, { lang: 'ts' })))
        expect(code.slice(init.start, init.end)).toMatch(/^[A-Za-z_$][\s\S]*\)$/);
      const module = (await import(`../../contract/${file}`)) as Record<string, unknown>;
      for (const [, name] of out.matchAll(/export const (\w+) = __lazySchema\(/g)) {
        wrapped++;
        expect(module[name!], `${file} ${name}`).toBeInstanceOf(z.ZodType);
      }
    }
    expect(wrapped).toBeGreaterThan(200);
  });
});
