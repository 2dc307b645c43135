/**
 * Growth parameters per species, for the impact method (`contract/impact.ts`): a Chapman–Richards
 * curve for height and one for trunk diameter, plus the wood density already in `TREE_SPECIES`.
 * Pure data and pure functions.
 *
 * Sources and caveats — read before quoting a figure:
 *
 * - Wood density ρ (g/cm³) is `TreeSpecies.woodDensity` in `options.ts`: species means from the
 *   Global Wood Density Database (Zanne et al. 2009, Dryad doi:10.5061/dryad.234; Chave et al.
 *   2009, Ecology Letters 12:351), genus or family means where the species is not listed, and low
 *   stem-tissue values for palms, bamboo, shrubs, climbers and herbs (see the comment there).
 *
 * - The curve is Chapman–Richards (Richards 1959, J. Exp. Bot. 10:290; Chapman 1961):
 *   size(t) = max · (1 − e^(−k·t))^p, t = age in years.
 *
 * - `heightMaxM` and `diameterMaxCm` are the typical mature height and trunk diameter of the species
 *   in cultivation, as botanical and agroforestry descriptions give them (World Agroforestry's
 *   Agroforestree Database, Orwa et al. 2009; Flora of India / Flora of China descriptions;
 *   horticultural references for fruit trees and shrubs). They are rounded descriptions, not
 *   fitted to permanent-plot data: no species-specific growth fits exist for most of these 70
 *   plants.
 *
 * - The rates are NOT measured per species. They follow from the species' `yearsToMaturity`
 *   (options.ts) by one documented rule, per functional group of plant: height reaches 80 % of its
 *   maximum at maturity and diameter 50 % (trunks keep thickening long after height levels off),
 *   with the shape exponent p = 1.3 for both (a gentle S-curve, within the 1–3 range reported for
 *   Chapman–Richards height fits of tropical plantation species). So
 *   k_height = −ln(1 − 0.8^(1/p)) / years and k_diameter = −ln(1 − 0.5^(1/p)) / years.
 *
 * - A planted sapling is not a seed: a packet sapling (2–4 ft) is counted as 1 year old on its
 *   planting day and a potted one (5–7 ft) as 2 years old (`NURSERY_AGE_YEARS`).
 *
 * - Palms, bamboo, bananas and herbs are not trees with a woody trunk; the pantropical biomass
 *   model is applied to them anyway, with their low density, so their figures are rough. The
 *   impact shown for them is small and says so through its wide range.
 */
import { speciesByValue, TREE_SPECIES, type TreeSizeValue } from './options';

export type PlantForm = 'tree' | 'palm' | 'bamboo' | 'shrub' | 'climber' | 'herb';

export interface GrowthCurve {
  /** Asymptote: metres for height, centimetres for diameter. */
  readonly max: number;
  /** Rate per year. */
  readonly k: number;
  /** Shape exponent. */
  readonly p: number;
}

export interface SpeciesGrowth {
  readonly value: number;
  readonly form: PlantForm;
  /** Oven-dry basic wood density, g/cm³ (from TREE_SPECIES). */
  readonly woodDensity: number;
  readonly height: GrowthCurve;
  readonly diameter: GrowthCurve;
}

/** Shape exponent of both curves. */
export const GROWTH_SHAPE_P = 1.3;
/** Fraction of the maximum reached at `yearsToMaturity`: height, diameter. */
export const GROWTH_AT_MATURITY = { height: 0.8, diameter: 0.5 } as const;
/** Age of a sapling on its planting day, by the size it was planted at. */
export const NURSERY_AGE_YEARS: Readonly<Record<TreeSizeValue, number>> = {
  packet: 1,
  potted: 2,
};

/** [value, form, typical mature height (m), typical mature trunk diameter (cm)] per species. */
const MATURE_SIZES: ReadonlyArray<readonly [number, PlantForm, number, number]> = [
  [1, 'tree', 20, 60], // Neem
  [2, 'tree', 20, 80], // Mango
  [3, 'tree', 8, 25], // Guava
  [4, 'tree', 10, 50], // Olive
  [5, 'shrub', 2, 3], // Rose
  [6, 'tree', 5, 15], // Lemon
  [7, 'climber', 6, 3], // Black pepper (on a support)
  [8, 'tree', 25, 120], // Sacred fig
  [9, 'tree', 25, 150], // Banyan (main trunk)
  [10, 'tree', 25, 70], // Java plum
  [11, 'tree', 30, 60], // Teak
  [12, 'tree', 10, 30], // Ashoka
  [13, 'tree', 12, 60], // Flame tree
  [14, 'tree', 10, 35], // Indian gooseberry
  [15, 'tree', 20, 100], // Tamarind
  [16, 'tree', 18, 70], // Jackfruit
  [17, 'palm', 25, 35], // Coconut
  [18, 'tree', 35, 100], // Sal
  [19, 'tree', 25, 60], // Indian rosewood
  [20, 'tree', 25, 80], // Arjuna
  [21, 'bamboo', 15, 8], // Bamboo (one culm)
  [22, 'tree', 10, 30], // Moringa
  [23, 'shrub', 5, 12], // Curry leaf
  [24, 'shrub', 5, 12], // Pomegranate
  [25, 'herb', 6, 20], // Papaya (soft stem)
  [26, 'herb', 5, 25], // Banana (pseudostem)
  [27, 'tree', 6, 15], // Custard apple
  [28, 'tree', 15, 40], // Sapodilla
  [29, 'tree', 12, 40], // Bengal quince
  [30, 'tree', 30, 80], // Burflower tree
  [31, 'tree', 12, 40], // Flame of the forest
  [32, 'tree', 20, 80], // Indian butter tree
  [33, 'tree', 8, 40], // Ghaf tree
  [34, 'tree', 15, 40], // Gum arabic tree
  [35, 'tree', 15, 50], // Pongam tree
  [36, 'tree', 30, 100], // Red silk-cotton
  [37, 'tree', 25, 60], // Champak
  [38, 'shrub', 6, 12], // Night-flowering jasmine
  [39, 'herb', 1, 1.5], // Holy basil
  [40, 'shrub', 3, 5], // Hibiscus
  [41, 'climber', 4, 2], // Jasmine
  [42, 'tree', 6, 20], // Orange
  [43, 'tree', 6, 20], // Sweet lime
  [44, 'tree', 12, 40], // Lychee
  [45, 'tree', 8, 30], // Apple
  [46, 'tree', 10, 30], // Pear
  [47, 'tree', 25, 80], // Walnut
  [48, 'tree', 8, 30], // Almond
  [49, 'tree', 12, 40], // Cashew
  [50, 'palm', 20, 15], // Areca nut
  [51, 'tree', 40, 100], // Himalayan cedar
  [52, 'tree', 30, 100], // Oriental plane
  [53, 'tree', 35, 70], // Chir pine
  [54, 'tree', 35, 60], // Eucalyptus
  [55, 'tree', 25, 50], // Silver oak
  [56, 'tree', 25, 100], // Rain tree
  [57, 'tree', 15, 40], // Indian coral tree
  [58, 'tree', 8, 25], // Fig
  [59, 'tree', 12, 40], // Mulberry
  [60, 'tree', 8, 20], // Star fruit
  [61, 'tree', 10, 35], // Indian jujube
  [62, 'tree', 15, 40], // Kokum
  [63, 'tree', 10, 25], // Sandalwood
  [64, 'tree', 25, 50], // Rubber tree
  [65, 'shrub', 4, 8], // Coffee
  [66, 'shrub', 3, 10], // Tea (as grown, pruned)
  [67, 'tree', 8, 20], // Cinnamon
  [68, 'tree', 12, 30], // Clove
  [69, 'herb', 3, 2], // Cardamom (pseudostem)
  [70, 'tree', 12, 40], // Indian laburnum
];

/** k so that (1 − e^(−k·years))^p equals `fraction`. */
export function rateReaching(fraction: number, years: number, p = GROWTH_SHAPE_P): number {
  return -Math.log(1 - fraction ** (1 / p)) / years;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

function growthOf(
  value: number,
  form: PlantForm,
  heightMaxM: number,
  diameterMaxCm: number,
  woodDensity: number,
  yearsToMaturity: number,
): SpeciesGrowth {
  return Object.freeze({
    value,
    form,
    woodDensity,
    height: Object.freeze({
      max: heightMaxM,
      k: round4(rateReaching(GROWTH_AT_MATURITY.height, yearsToMaturity)),
      p: GROWTH_SHAPE_P,
    }),
    diameter: Object.freeze({
      max: diameterMaxCm,
      k: round4(rateReaching(GROWTH_AT_MATURITY.diameter, yearsToMaturity)),
      p: GROWTH_SHAPE_P,
    }),
  });
}

const BY_VALUE: ReadonlyMap<number, SpeciesGrowth> = new Map(
  MATURE_SIZES.map(([value, form, h, d]) => {
    const s = speciesByValue(value);
    if (!s) throw new Error(`species-growth: no species ${value}`);
    return [value, growthOf(value, form, h, d, s.woodDensity, s.yearsToMaturity)] as const;
  }),
);

/**
 * For a stored species value no longer in the list (there is none today): a medium tree with the
 * mean density of the list, maturing in 15 years. Keeps old rows from failing a whole answer.
 */
export const FALLBACK_GROWTH: SpeciesGrowth = growthOf(
  0,
  'tree',
  15,
  40,
  Math.round((TREE_SPECIES.reduce((s, t) => s + t.woodDensity, 0) / TREE_SPECIES.length) * 100) /
    100,
  15,
);

/** Growth parameters of every species, in species order. */
export const SPECIES_GROWTH: readonly SpeciesGrowth[] = Object.freeze(
  TREE_SPECIES.map((s) => BY_VALUE.get(s.value)!),
);

/** The species' growth parameters, or FALLBACK_GROWTH for an unknown value. */
export function growthOfSpecies(value: number): SpeciesGrowth {
  return BY_VALUE.get(value) ?? FALLBACK_GROWTH;
}
