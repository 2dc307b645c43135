/*
 * How Canopy estimates impact: a plain summary, then the method itself with its formulas and
 * sources. Every constant, example figure and source shown here is read from the code the server
 * computes with (contract/impact.ts, contract/species-growth.ts), so the page cannot drift from it.
 */
import {
  agbKg,
  carbonKg,
  co2StoredKg,
  IMPACT_METHOD,
  IMPACT_SOURCES,
  predictSize,
  withRange,
} from '../../../../contract/impact';
import {
  CHECK_WINDOW_MONTHS,
  CHECKUP_AFTER_MONTHS,
  FOUR_NUMBER_KEYS,
} from '../../../../contract/four-numbers';
import { speciesByValue } from '../../../../contract/options';
import {
  GROWTH_AT_MATURITY,
  GROWTH_SHAPE_P,
  growthOfSpecies,
  NURSERY_AGE_YEARS,
} from '../../../../contract/species-growth';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { docsTechnicalMessages } from '../messages';
import { CodeBlock } from './code-block';
import { H3, List, Note, P, Section } from './doc-prose';

const { agbCoefficient, agbExponent, rootShootRatio, carbonFraction, sigmaMeasured, sigmaGrowth } =
  IMPACT_METHOD;
const sigmaPredicted = Math.sqrt(sigmaMeasured ** 2 + sigmaGrowth ** 2);
const percent = (fraction: number) => Math.round(fraction * 100);
const bold = { b: (text: string) => <strong>{text}</strong> };

/** Numbers in the reader's language: `n(x, digits)`, `kg(x)` (without the unit), `c(x)` as written. */
function useNumbers() {
  const locale = useIntlLocale();
  const n = (value: number, digits = 2) =>
    value.toLocaleString(locale, { maximumFractionDigits: digits });
  return {
    n,
    kg: (value: number) => n(value, value < 10 ? 2 : 1),
    c: (value: number) => n(value, 6),
  };
}

export function ImpactEstimates() {
  const t = useT(docsTechnicalMessages);
  return (
    <Section id="impact-estimates">
      <P>{rich(t('estimates.intro'), bold)}</P>
      <List>
        <li>{t('estimates.measured')}</li>
        <li>{t('estimates.living')}</li>
        <li>{t('estimates.notAccounting')}</li>
      </List>
      <P>{t('estimates.follows')}</P>
    </Section>
  );
}

/** A worked example with the same functions the server uses. */
function Example() {
  const t = useT(docsTechnicalMessages);
  const { n, kg } = useNumbers();
  const speciesValue = 1;
  const species = speciesByValue(speciesValue);
  const rho = growthOfSpecies(speciesValue).woodDensity;
  const measured = { heightM: 3, diameterCm: 5 };
  const agb = agbKg(rho, measured.diameterCm, measured.heightM);
  const carbon = carbonKg(rho, measured);
  const co2 = co2StoredKg(rho, measured);
  const o2 = (co2 * IMPACT_METHOD.o2PerCarbon) / IMPACT_METHOD.co2PerCarbon;
  const range = withRange(co2, 'measured');
  const age = NURSERY_AGE_YEARS.packet + 3;
  const predicted = predictSize(speciesValue, age);
  const predictedRange = withRange(co2StoredKg(rho, predicted), 'predicted');
  return (
    <Note title={t('example.title')}>
      <p>
        {rich(
          t('example.measured', {
            species: species?.englishName.toLowerCase() ?? t('example.tree'),
            rho: n(rho),
            height: n(measured.heightM * 100, 0),
            diameter: n(measured.diameterCm),
            agb: kg(agb),
            carbon: kg(carbon),
            co2: kg(co2),
            low: kg(range.low),
            high: kg(range.high),
            o2: kg(o2),
          }),
          bold,
        )}
      </p>
      <p className="mt-2">
        {t('example.predicted', {
          age,
          height: n(predicted.heightM * 100, 0),
          diameter: n(predicted.diameterCm, 1),
          co2: kg(predictedRange.mid),
          low: kg(predictedRange.low),
          high: kg(predictedRange.high),
        })}
      </p>
    </Note>
  );
}

/** The four honest numbers and the 12-month rule (issue 21 §3), from contract/four-numbers.ts. */
function FourNumbersMethod() {
  const t = useT(docsTechnicalMessages);
  return (
    <>
      <H3>{t('fourNumbers.title')}</H3>
      <P>{t('fourNumbers.intro')}</P>
      <List>
        {FOUR_NUMBER_KEYS.map((key) => (
          <li key={key}>
            {rich(
              t('fourNumbers.item', {
                label: t(`fourNumbers.${key}`),
                means: t(`fourNumbers.${key}.means`, { months: CHECK_WINDOW_MONTHS }),
              }),
              bold,
            )}
          </li>
        ))}
      </List>
      <H3>{t('checkRule.title', { months: CHECK_WINDOW_MONTHS })}</H3>
      <P>
        {t('checkRule.text', { months: CHECK_WINDOW_MONTHS, checkupMonths: CHECKUP_AFTER_MONTHS })}
      </P>
    </>
  );
}

/** The formulas, aligned on "=" whatever the length of the words in the reader's language. */
function Formulas() {
  const t = useT(docsTechnicalMessages);
  const { c } = useNumbers();
  const lines: Array<[label: string, symbol: string, formula: string]> = [
    [t('formula.agb'), 'AGB', `${c(agbCoefficient)} × (ρ · D² · H)^${c(agbExponent)}   (kg)`],
    [t('formula.roots'), '', `${c(rootShootRatio)} × AGB`],
    [t('formula.carbon'), 'C', `${c(carbonFraction)} × (AGB + ${t('formula.roots')})`],
    [t('formula.co2'), '', 'C × 44/12'],
    [t('formula.o2'), '', 'C × 32/12'],
  ];
  const width = Math.max(22, ...lines.map(([label]) => label.length + 2));
  return (
    <CodeBlock
      code={lines
        .map(
          ([label, symbol, formula]) => `${label.padEnd(width)}${symbol.padStart(3)} = ${formula}`,
        )
        .join('\n')}
    />
  );
}

export function ImpactMethod() {
  const t = useT(docsTechnicalMessages);
  const { n, c } = useNumbers();
  return (
    <Section id="impact-method">
      <P>{t('method.intro')}</P>
      <Formulas />
      <List>
        <li>
          {t('method.sources', { ratio: c(rootShootRatio), percent: percent(carbonFraction) })}
        </li>
        <li>{t('method.alive')}</li>
        <li>{t('method.diameter')}</li>
      </List>
      <H3>{t('method.size.title')}</H3>
      <P>
        {t('method.size.text', {
          shape: c(GROWTH_SHAPE_P),
          heightPercent: percent(GROWTH_AT_MATURITY.height),
          diameterPercent: percent(GROWTH_AT_MATURITY.diameter),
          packet: NURSERY_AGE_YEARS.packet,
          potted: NURSERY_AGE_YEARS.potted,
        })}
      </P>
      <H3>{t('method.ranges.title')}</H3>
      <P>
        {t('method.ranges.text', {
          sigma: c(sigmaMeasured),
          low: n(Math.exp(-sigmaMeasured)),
          high: n(Math.exp(sigmaMeasured)),
          sigmaGrowth: c(sigmaGrowth),
          sigmaPredicted: n(sigmaPredicted, 3),
          predictedLow: n(Math.exp(-sigmaPredicted)),
          predictedHigh: n(Math.exp(sigmaPredicted)),
        })}
      </P>
      <H3>{t('method.uptake.title')}</H3>
      <P>{t('method.uptake.text')}</P>
      <Example />
      <FourNumbersMethod />
      <H3>{t('method.sources.title')}</H3>
      <List ordered>
        {IMPACT_SOURCES.map((source) => (
          <li key={source}>{source}</li>
        ))}
      </List>
      <P>{t('method.caveat')}</P>
    </Section>
  );
}
