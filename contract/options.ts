/**
 * Option lists shared by the server and the web app (product spec §3, DESIGN.md §6).
 * Pure data and pure functions: this file imports nothing.
 */

export interface TreeSpecies {
  readonly value: number;
  /** "LocalName (English name)", or just the English name when both are the same. */
  readonly label: string;
  readonly localName: string;
  readonly englishName: string;
  readonly scientificName: string;
  /** Oven-dry basic wood density, g/cm³. */
  readonly woodDensity: number;
  /** Realistic number of years until the plant reaches mature size. */
  readonly yearsToMaturity: number;
}

function species(
  value: number,
  localName: string,
  englishName: string,
  scientificName: string,
  woodDensity: number,
  yearsToMaturity: number,
): TreeSpecies {
  const label = localName === englishName ? englishName : `${localName} (${englishName})`;
  return Object.freeze({
    value,
    label,
    localName,
    englishName,
    scientificName,
    woodDensity,
    yearsToMaturity,
  });
}

/*
 * Tree species (values 1–70).
 *
 * Sources and caveats — the figures below are ORDER-OF-MAGNITUDE ESTIMATES intended for
 * public impact reporting (dashboards, certificates, landing-page totals), not for carbon
 * accounting, offset certification or scientific use.
 *
 * - woodDensity (g/cm³, oven-dry mass / green volume, "basic density"): species means, rounded
 *   to two decimals, from the Global Wood Density Database — Zanne, A.E., Lopez-Gonzalez, G.,
 *   Coomes, D.A., Ilic, J., Jansen, S., Lewis, S.L., Miller, R.B., Swenson, N.G., Wiemann, M.C.
 *   & Chave, J. (2009) Data from: Towards a worldwide wood economics spectrum. Dryad,
 *   doi:10.5061/dryad.234 (see also Chave et al. 2009, Ecology Letters 12:351). Where a species
 *   is not listed, the genus or family mean is used; for palms, bamboo, shrubs, climbers and
 *   herbs (e.g. coconut, bans, rose, tulsi, black pepper, banana, cardamom) a low, realistic
 *   stem-tissue value is given instead, since the database covers woody trees.
 *
 * - yearsToMaturity: typical years from planting a nursery sapling to mature size under
 *   South-Asian growing conditions (horticultural and forestry rules of thumb).
 */
export const TREE_SPECIES: readonly TreeSpecies[] = Object.freeze([
  species(1, 'Neem', 'Neem', 'Azadirachta indica', 0.69, 15),
  species(2, 'Aam', 'Mango', 'Mangifera indica', 0.55, 15),
  species(3, 'Amrood', 'Guava', 'Psidium guajava', 0.66, 6),
  species(4, 'Jaitun', 'Olive', 'Olea europaea', 0.8, 15),
  species(5, 'Gulab', 'Rose', 'Rosa × damascena', 0.45, 3),
  species(6, 'Nimbu', 'Lemon', 'Citrus limon', 0.62, 6),
  species(7, 'Kali Mirch', 'Black pepper', 'Piper nigrum', 0.35, 5),
  species(8, 'Peepal', 'Sacred fig', 'Ficus religiosa', 0.5, 25),
  species(9, 'Bargad', 'Banyan', 'Ficus benghalensis', 0.52, 30),
  species(10, 'Jamun', 'Java plum', 'Syzygium cumini', 0.7, 15),
  species(11, 'Sagwan', 'Teak', 'Tectona grandis', 0.55, 25),
  species(12, 'Ashoka', 'Ashoka tree', 'Saraca asoca', 0.58, 15),
  species(13, 'Gulmohar', 'Flame tree', 'Delonix regia', 0.52, 12),
  species(14, 'Amla', 'Indian gooseberry', 'Phyllanthus emblica', 0.72, 10),
  species(15, 'Imli', 'Tamarind', 'Tamarindus indica', 0.85, 25),
  species(16, 'Kathal', 'Jackfruit', 'Artocarpus heterophyllus', 0.6, 15),
  species(17, 'Nariyal', 'Coconut', 'Cocos nucifera', 0.5, 10),
  species(18, 'Sal', 'Sal', 'Shorea robusta', 0.72, 30),
  species(19, 'Sheesham', 'Indian rosewood', 'Dalbergia sissoo', 0.68, 20),
  species(20, 'Arjun', 'Arjuna', 'Terminalia arjuna', 0.75, 20),
  species(21, 'Bans', 'Bamboo', 'Dendrocalamus strictus', 0.6, 5),
  species(22, 'Sahjan', 'Moringa', 'Moringa oleifera', 0.28, 5),
  species(23, 'Kadi Patta', 'Curry leaf', 'Murraya koenigii', 0.65, 5),
  species(24, 'Anar', 'Pomegranate', 'Punica granatum', 0.74, 5),
  species(25, 'Papita', 'Papaya', 'Carica papaya', 0.15, 2),
  species(26, 'Kela', 'Banana', 'Musa × paradisiaca', 0.12, 2),
  species(27, 'Sitaphal', 'Custard apple', 'Annona squamosa', 0.52, 6),
  species(28, 'Chikoo', 'Sapodilla', 'Manilkara zapota', 0.89, 15),
  species(29, 'Bael', 'Bengal quince', 'Aegle marmelos', 0.75, 15),
  species(30, 'Kadamba', 'Burflower tree', 'Neolamarckia cadamba', 0.4, 10),
  species(31, 'Palash', 'Flame of the forest', 'Butea monosperma', 0.5, 15),
  species(32, 'Mahua', 'Indian butter tree', 'Madhuca longifolia', 0.83, 25),
  species(33, 'Khejri', 'Ghaf tree', 'Prosopis cineraria', 0.83, 20),
  species(34, 'Babool', 'Gum arabic tree', 'Vachellia nilotica', 0.73, 12),
  species(35, 'Karanj', 'Pongam tree', 'Millettia pinnata', 0.62, 12),
  species(36, 'Semal', 'Red silk-cotton', 'Bombax ceiba', 0.33, 20),
  species(37, 'Champa', 'Champak', 'Magnolia champaca', 0.5, 15),
  species(38, 'Parijat', 'Night-flowering jasmine', 'Nyctanthes arbor-tristis', 0.6, 5),
  species(39, 'Tulsi', 'Holy basil', 'Ocimum tenuiflorum', 0.3, 1),
  species(40, 'Gudhal', 'Hibiscus', 'Hibiscus rosa-sinensis', 0.45, 3),
  species(41, 'Chameli', 'Jasmine', 'Jasminum grandiflorum', 0.45, 3),
  species(42, 'Santra', 'Orange', 'Citrus reticulata', 0.62, 8),
  species(43, 'Mosambi', 'Sweet lime', 'Citrus limetta', 0.62, 8),
  species(44, 'Litchi', 'Lychee', 'Litchi chinensis', 0.85, 15),
  species(45, 'Seb', 'Apple', 'Malus domestica', 0.66, 10),
  species(46, 'Nashpati', 'Pear', 'Pyrus communis', 0.6, 10),
  species(47, 'Akhrot', 'Walnut', 'Juglans regia', 0.56, 25),
  species(48, 'Badam', 'Almond', 'Prunus dulcis', 0.7, 10),
  species(49, 'Kaju', 'Cashew', 'Anacardium occidentale', 0.48, 10),
  species(50, 'Supari', 'Areca nut', 'Areca catechu', 0.45, 8),
  species(51, 'Deodar', 'Himalayan cedar', 'Cedrus deodara', 0.47, 40),
  species(52, 'Chinar', 'Oriental plane', 'Platanus orientalis', 0.55, 40),
  species(53, 'Chir', 'Pine', 'Pinus roxburghii', 0.49, 30),
  species(54, 'Safeda', 'Eucalyptus', 'Eucalyptus tereticornis', 0.73, 10),
  species(55, 'Silver oak', 'Silver oak', 'Grevillea robusta', 0.55, 15),
  species(56, 'Vilayati Siris', 'Rain tree', 'Samanea saman', 0.49, 20),
  species(57, 'Pangara', 'Indian coral tree', 'Erythrina variegata', 0.28, 10),
  species(58, 'Anjeer', 'Fig', 'Ficus carica', 0.45, 8),
  species(59, 'Shahtoot', 'Mulberry', 'Morus alba', 0.62, 10),
  species(60, 'Kamrakh', 'Star fruit', 'Averrhoa carambola', 0.58, 8),
  species(61, 'Ber', 'Indian jujube', 'Ziziphus mauritiana', 0.7, 8),
  species(62, 'Kokum', 'Kokum', 'Garcinia indica', 0.72, 15),
  species(63, 'Chandan', 'Sandalwood', 'Santalum album', 0.9, 25),
  species(64, 'Rubber tree', 'Rubber tree', 'Hevea brasiliensis', 0.53, 12),
  species(65, 'Coffee', 'Coffee', 'Coffea arabica', 0.6, 5),
  species(66, 'Chai', 'Tea', 'Camellia sinensis', 0.6, 5),
  species(67, 'Dalchini', 'Cinnamon', 'Cinnamomum verum', 0.5, 8),
  species(68, 'Laung', 'Clove', 'Syzygium aromaticum', 0.72, 15),
  species(69, 'Elaichi', 'Cardamom', 'Elettaria cardamomum', 0.15, 3),
  species(70, 'Amaltas', 'Indian laburnum', 'Cassia fistula', 0.71, 12),
]);

export const TREE_SIZES = [
  { value: 'packet', label: 'Packet (2 ft – 4 ft)' },
  { value: 'potted', label: 'Potted (5 ft – 7 ft)' },
] as const;

export type TreeSizeValue = (typeof TREE_SIZES)[number]['value'];

export const DRIVE_DURATIONS = [
  { value: '1', label: '01:00 hours' },
  { value: '2', label: '02:00 hours' },
  { value: '3', label: '03:00 hours' },
  { value: '4', label: '04:00 hours' },
  { value: '5', label: '05:00 hours' },
] as const;

export const CONTRIBUTION_TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'tree', label: 'Tree' },
] as const;

export const DONATION_CATEGORIES = [
  { value: 'Trees', label: 'Trees' },
  { value: 'Land', label: 'Land' },
  { value: 'Design', label: 'Design' },
  { value: 'Planting-Ops', label: 'Planting-Ops' },
  { value: 'Media', label: 'Media' },
  { value: 'Govt', label: 'Govt' },
  { value: 'Institution/Research', label: 'Institution/Research' },
] as const;

const SPECIES_BY_VALUE: ReadonlyMap<number, TreeSpecies> = new Map(
  TREE_SPECIES.map((s) => [s.value, s] as const),
);

/** The species with this value, or undefined when there is none. */
export function speciesByValue(value: number): TreeSpecies | undefined {
  return SPECIES_BY_VALUE.get(value);
}
