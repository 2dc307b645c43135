import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/languages';
import { checkAllCatalogues, checkCatalogue, placeholdersOf } from './catalogue';

// Issue 26: a shipped language is complete; no language carries a broken message.
describe('the message catalogues (locales/)', () => {
  it('agree with English: shipped languages complete, none with bad ICU or other placeholders', () => {
    const { problems, coverage } = checkAllCatalogues();
    // The in-progress languages' coverage, namespace by namespace, for whoever converts next.
    for (const [locale, byNamespace] of Object.entries(coverage))
      console.log(
        `${locale}: ${Object.entries(byNamespace)
          .map(([ns, share]) => `${ns} ${Math.round(share * 100)}%`)
          .join(', ')}`,
      );
    expect(problems).toEqual([]);
  });

  it('ships English, Spanish and Hindi, each complete in every namespace', () => {
    expect(LANGUAGES.filter((l) => l.shipped).map((l) => l.code)).toEqual(['en', 'es', 'hi']);
    expect(checkAllCatalogues().problems).toEqual([]);
  });

  const source = {
    trees: '{count, plural, one {# tree} other {# trees}}',
    hello: 'Hi {name}',
    terms: 'Read the <link>terms</link>',
  };

  it('fails a shipped language that lacks a key, but only reports coverage for one in progress', () => {
    const target = {
      trees: '{count, plural, one {# árbol} other {# árboles}}',
      hello: 'Hola, {name}',
    };
    const shipped = checkCatalogue('es', 'x', source, target, true);
    expect(shipped.problems).toEqual(['es/x.json "terms": missing (es is shipped)']);
    const inProgress = checkCatalogue('es', 'x', source, target, false);
    expect(inProgress.problems).toEqual([]);
    expect(inProgress.coverage).toBeCloseTo(2 / 3);
  });

  it('fails an extra key, bad ICU and different placeholders or tags, shipped or not', () => {
    const target = {
      trees: '{count, plural, one {# árbol} other {# árboles}',
      hello: 'Hola, {nombre}',
      terms: 'Lee las <a>condiciones</a>',
      extra: 'Sobra',
    };
    for (const shipped of [true, false]) {
      const { problems } = checkCatalogue('es', 'x', source, target, shipped);
      expect(problems).toEqual([
        expect.stringMatching(/^es\/x\.json "trees": does not parse as ICU/),
        'es/x.json "hello": placeholders nombre, English has name',
        'es/x.json "terms": placeholders <a>, English has <link>',
        'es/x.json "extra": not in English (remove it, or add it to en first)',
      ]);
    }
  });

  it('reads plural keys by the language’s own categories', () => {
    expect(placeholdersOf('{n, plural, one {# पेड़} other {# पेड़}}', 'hi')).toEqual(['n']);
    expect(() => placeholdersOf('{n, plural, few {#} other {#}}', 'en')).toThrow();
  });
});
