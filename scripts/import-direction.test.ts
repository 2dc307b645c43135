import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Guards the layering rule itself: if the lint rule is removed or loosened, this fails.
describe('import direction', () => {
  const eslint = new ESLint();
  const messagesFor = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
  };

  it.each([
    ["import { buildApp } from '../server/app';", 'contract/x.ts'],
    ["import { router } from '../web/app/router';", 'contract/x.ts'],
    ["import { router } from '../../web/app/router';", 'server/lib/x.ts'],
    ["import { buildApp } from '../../server/app';", 'web/lib/x.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await messagesFor(`${code}\nexport const used = 1;`, filePath)).toHaveLength(1);
  });

  it.each([
    ["import { statsResponseSchema } from '../../contract/stats';", 'server/lib/x.ts'],
    ["import { statsResponseSchema } from '../../contract/stats';", 'web/lib/x.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(
      await messagesFor(`${code}\nexport const used = statsResponseSchema;`, filePath),
    ).toHaveLength(0);
  });
});
