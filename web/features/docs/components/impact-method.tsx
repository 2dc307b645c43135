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
  FOUR_NUMBER_LABELS,
} from '../../../../contract/four-numbers';
import { speciesByValue } from '../../../../contract/options';
import {
  GROWTH_AT_MATURITY,
  GROWTH_SHAPE_P,
  growthOfSpecies,
  NURSERY_AGE_YEARS,
} from '../../../../contract/species-growth';
import { CodeBlock } from './code-block';
import { H3, List, Note, P, Section } from './doc-prose';

const { agbCoefficient, agbExponent, rootShootRatio, carbonFraction, sigmaMeasured, sigmaGrowth } =
  IMPACT_METHOD;
const sigmaPredicted = Math.sqrt(sigmaMeasured ** 2 + sigmaGrowth ** 2);
const n = (value: number, digits = 2) =>
  value.toLocaleString('en', { maximumFractionDigits: digits });
const kg = (value: number) => `${n(value, value < 10 ? 2 : 1)} kg`;
const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

export function ImpactEstimates() {
  return (
    <Section id="impact-estimates">
      <P>
        Canopy shows how much CO₂ each tree has stored and how much oxygen it has released, and adds
        them up for you and for the whole community. Nobody weighs the trees: these are{' '}
        <strong>estimates</strong> from the tree’s size and published formulas, which is why every
        figure comes with a range (“likely between … and …”).
      </P>
      <List>
        <li>
          When you have measured a tree, its latest height and trunk diameter are used. Until then,
          Canopy predicts its size from the species’ typical growth, and the range is wider.
        </li>
        <li>Only living plants count; a tree marked as dead counts zero.</li>
        <li>
          The figures are a fair indication of the good your trees do, not carbon accounting: they
          are not suitable for offset certificates.
        </li>
      </List>
      <P>The exact method, with its formulas and sources, follows.</P>
    </Section>
  );
}

/** A worked example with the same functions the server uses. */
function Example() {
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
    <Note title="Example">
      <p>
        A {species?.englishName.toLowerCase() ?? 'tree'} (wood density ρ = {n(rho)} g/cm³) measured
        at {n(measured.heightM * 100, 0)} cm tall with a {n(measured.diameterCm)} cm trunk: AGB ={' '}
        {kg(agb)}, carbon = {kg(carbon)}, so about <strong>{kg(co2)} of CO₂</strong> stored (likely{' '}
        {kg(range.low)}–{kg(range.high)}) and {kg(o2)} of O₂ released.
      </p>
      <p className="mt-2">
        Not measured yet, the same species planted from a packet three years ago is counted as {age}{' '}
        years old: the curve gives {n(predicted.heightM * 100, 0)} cm and{' '}
        {n(predicted.diameterCm, 1)} cm, about {kg(predictedRange.mid)} of CO₂ (likely{' '}
        {kg(predictedRange.low)}–{kg(predictedRange.high)}).
      </p>
    </Note>
  );
}

/** The four honest numbers and the 12-month rule (issue 21 §3), from contract/four-numbers.ts. */
function FourNumbersMethod() {
  return (
    <>
      <H3>Four honest numbers</H3>
      <P>
        Wherever Canopy counts trees (the home page, a drive, the dashboards, a forest, the impact
        report) it shows four numbers side by side, because each answers a different question:
      </P>
      <List>
        {FOUR_NUMBER_KEYS.map((key) => (
          <li key={key}>
            <strong>{FOUR_NUMBER_LABELS[key].label}</strong>: {FOUR_NUMBER_LABELS[key].means}
          </li>
        ))}
      </List>
      <H3>The {CHECK_WINDOW_MONTHS}-month rule</H3>
      <P>
        A tree is checked when it is registered, measured, cared for (watering, weeding, any care
        entry) or its health is reported. Its living plants count as alive at last check while that
        check is less than {CHECK_WINDOW_MONTHS} months old. After that they are unconfirmed: still
        on record, but left out of the CO₂ and O₂ totals, which say how many plants they left out.
        Planters get a check-up reminder when a tree has gone {CHECKUP_AFTER_MONTHS} months without
        a check: a measurement, or a health report with a photo, brings it back. Verified trees are
        those the drive’s organiser side or the nursery that supplied the saplings vouched for from
        a photo; trees they rejected count in none of the numbers.
      </P>
    </>
  );
}

export function ImpactMethod() {
  return (
    <Section id="impact-method">
      <P>
        For one plant of wood density ρ (g/cm³), trunk diameter D (cm) and height H (m), Canopy
        computes:
      </P>
      <CodeBlock
        code={[
          `above-ground biomass  AGB = ${agbCoefficient} × (ρ · D² · H)^${agbExponent}   (kg)`,
          `roots                     = ${rootShootRatio} × AGB`,
          `carbon                  C = ${carbonFraction} × (AGB + roots)`,
          `CO₂ stored                = C × 44/12`,
          `O₂ released               = C × 32/12`,
        ].join('\n')}
      />
      <List>
        <li>
          Biomass: the pantropical allometric model of Chave et al. (2014), equation 4. Roots: a
          root-to-shoot ratio of {rootShootRatio} (Mokany et al. 2006). Carbon:{' '}
          {percent(carbonFraction)} of dry matter (IPCC 2006). CO₂ and O₂ follow from the molar
          masses: one O₂ is released for every CO₂ fixed.
        </li>
        <li>
          A record of several plants is multiplied by the number still alive; a dead tree counts
          zero.
        </li>
        <li>
          D is measured at 1.3 m, or at the base while the plant is shorter. Wood densities come
          from the Global Wood Density Database (Zanne et al. 2009).
        </li>
      </List>
      <H3>Size when nothing was measured</H3>
      <P>
        Each species has a Chapman–Richards growth curve for height and one for trunk diameter:
        size(t) = max × (1 − e^(−k·t))^{GROWTH_SHAPE_P}, t the age in years. The maximum is the
        species’ typical mature size; k is set so that at the species’ usual age of maturity height
        reaches {percent(GROWTH_AT_MATURITY.height)} of its maximum and diameter{' '}
        {percent(GROWTH_AT_MATURITY.diameter)}. A sapling is not a seed: on its planting day a
        packet sapling counts as {NURSERY_AGE_YEARS.packet} year old and a potted one as{' '}
        {NURSERY_AGE_YEARS.potted}. After a measurement, predictions follow the same curve scaled to
        pass through it.
      </P>
      <H3>Ranges</H3>
      <P>
        Chave et al. give a residual standard error σ = {sigmaMeasured} for ln(AGB). Canopy shows
        low = value × e^(−σ) and high = value × e^(+σ): ×{n(Math.exp(-sigmaMeasured))} to ×
        {n(Math.exp(sigmaMeasured))} for a measured tree. A predicted size adds the growth curve’s
        own uncertainty, estimated at σ = {sigmaGrowth}, so σ = √({sigmaMeasured}² + {sigmaGrowth}²)
        ≈ {n(sigmaPredicted, 3)}: ×{n(Math.exp(-sigmaPredicted))} to ×{n(Math.exp(sigmaPredicted))}.
        Totals add the lows and the highs, which overstates the spread of a total a little.
      </P>
      <H3>This year’s uptake</H3>
      <P>
        The CO₂ taken up in a year is the CO₂ stored now minus the CO₂ stored a year earlier on the
        same curve (through the measurement, when there is one).
      </P>
      <Example />
      <FourNumbersMethod />
      <H3>Sources</H3>
      <List ordered>
        {IMPACT_SOURCES.map((source) => (
          <li key={source}>{source}</li>
        ))}
      </List>
      <P>
        The growth curves are descriptions of typical mature sizes, not fits to measured plots, and
        palms, bamboo and herbs are rough through the same formula. Real trees grow faster or slower
        with soil, rain and care.
      </P>
    </Section>
  );
}
