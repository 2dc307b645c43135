import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noLiteralUiText } from './no-literal-ui-text.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

// Issue 26 (b): converted files render no literal user-visible text.
tester.run('canopy/no-literal-ui-text', noLiteralUiText, {
  valid: [
    { code: "const a = <p>{t('hero.title')}</p>;" },
    { code: "const a = <input aria-label={t('search.label')} placeholder={t('search.hint')} />;" },
    { code: 'const a = <p> · {count} / {total} – 42 </p>;' },
    { code: 'const a = <img alt="" src="x.png" />;' },
    { code: 'const a = <div className="text-lg" data-testid="hero" id=\'x\' />;' },
    { code: 'const a = <b>Canopy</b>;', options: [{ allow: ['Canopy'] }] },
    { code: 'const a = <p title={`${name}`} />;' },
  ],
  invalid: [
    { code: 'const a = <p>Start Growing</p>;', errors: [{ messageId: 'text' }] },
    { code: "const a = <p>{'Sign In'}</p>;", errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{`Sign In`}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>Sólo en español</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>पेड़</p>;', errors: [{ messageId: 'text' }] },
    ...['aria-label', 'aria-roledescription', 'placeholder', 'title', 'alt', 'label'].map(
      (prop) => ({
        code: `const a = <x ${prop}="Close menu" />;`,
        errors: [{ messageId: 'prop' as const }],
      }),
    ),
    { code: "const a = <x aria-label={'Close menu'} />;", errors: [{ messageId: 'prop' }] },
  ],
});

describe('where canopy/no-literal-ui-text is on (eslint.config.js)', () => {
  const eslint = new ESLint();
  const ruleMessages = async (filePath: string) => {
    const [result] = await eslint.lintText('export const A = () => <p>Start Growing</p>;\n', {
      filePath,
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'canopy/no-literal-ui-text');
  };

  it('checks the converted screens and leaves the rest alone until they are converted', async () => {
    expect(await ruleMessages('web/i18n/x.tsx')).toHaveLength(1);
    expect(await ruleMessages('web/features/landing/components/hero.tsx')).toHaveLength(1);
    expect(await ruleMessages('web/i18n/x.test.tsx')).toHaveLength(0);
  });
});
