import type { Translate } from '../../i18n/use-t';
import type { NurseryKey } from './messages';

const SIZES = new Set(['packet', 'potted']);
type Size = 'packet' | 'potted';
const known = (size: string): size is Size => SIZES.has(size);

/** "Packet (2 ft – 4 ft)": a stock line's size in the reader's language (the value if unknown). */
export const sizeLabel = (t: Translate<NurseryKey>, size: string) =>
  known(size) ? t(`size.${size}`) : size;

/** "packet": the size as a word inside a line ("12 × Neem (packet)"). */
export const sizeWord = (t: Translate<NurseryKey>, size: string) =>
  known(size) ? t(`sizeWord.${size}`) : size;
