import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Guards the layering rule itself: if the lint rule is removed or loosened, this fails.
describe('import direction', () => {
  const eslint = new ESLint();
  const messagesFor = async (code: string, filePath: string, ruleId = 'no-restricted-imports') => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === ruleId);
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

  // Features never import each other; shared code (web/lib, web/components) imports no feature.
  const isolation = (code: string, filePath: string) =>
    messagesFor(`${code}\nexport const used = x;`, filePath, 'canopy/feature-isolation');

  it.each([
    ["import { x } from '../../drives/api';", 'web/features/trees/components/x.tsx'],
    ["import { x } from '../drives/api';", 'web/features/trees/api.ts'],
    ["import { x } from '../../../features/drives/format';", 'web/features/trees/components/x.tsx'],
    ["export { x } from '../drives/api';", 'web/features/trees/format.ts'],
    [
      "const x = import('../../drives/components/drive-card');",
      'web/features/trees/components/x.tsx',
    ],
    ["import { x } from '../features/drives/api';", 'web/lib/x.ts'],
    ["import { x } from '../../../features/trees/format';", 'web/components/ui/map/x.tsx'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await isolation(code, filePath)).toHaveLength(1);
  });

  it.each([
    ["import { x } from '../api';", 'web/features/trees/components/x.tsx'],
    ["import { x } from './format';", 'web/features/trees/api.ts'],
    ["import { x } from '../../../lib/queries/drives';", 'web/features/trees/components/x.tsx'],
    ["import { x } from '../../lib/numbers';", 'web/features/drives/format.ts'],
    ["import { x } from '../../../components/ui/button';", 'web/features/drives/components/x.tsx'],
    ["import { x } from '../features/drives/api';", 'web/routes/x.tsx'],
    ["import { x } from '../features/trees/api';", 'web/app/x.tsx'],
    ["import { x } from '@tanstack/react-query';", 'web/features/trees/api.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await isolation(code, filePath)).toHaveLength(0);
  });
});
