/**
 * Is every word a visitor sees in the chosen language? (issue 26, Tests). The journeys in
 * tests/e2e/languages.spec.ts read a screen's words (what it shows, and the names and hints of its
 * controls), take away what the member typed and data (names, e-mails, money, receipt numbers,
 * "Canopy", scientific names…), and report the words that are not in the language:
 * for Spanish, common English words; for Hindi, any word in Latin script that is not an allowed
 * abbreviation or name.
 */
import fs from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import { expect, type Locator, type Page } from '@playwright/test';
import { LANGUAGES } from '../../contract/languages';
import { TREE_SPECIES } from '../../contract/options';

export type JourneyLanguage = 'es' | 'hi';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

/**
 * A namespace's messages in a language, formatted with ICU: `msg('register.submit')`. A key the
 * catalogue lacks throws with the file to fill, so a selector never falls back to English.
 */
export function messages(language: JourneyLanguage, namespace: string) {
  const file = path.join(LOCALES_DIR, language, `${namespace}.json`);
  const source = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const mf = new MessageFormat(language);
  return (key: string, values?: Record<string, unknown>): string => {
    const message = source[key];
    if (message === undefined)
      throw new Error(`locales/${language}/${namespace}.json has no "${key}"`);
    return String(mf.compile(message)(values));
  };
}

/**
 * Common English words of an interface. Words that are Spanish as well (no, total, local,
 * general, error, final, individual, logo, color, and "do", Sunday in a Spanish calendar) are
 * left out, so they never count against a Spanish screen.
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  `the and your you yours with for of to from by at on in into onto is are was were be been being
  this that these those it its an or not yes all any some more less here there now new add added
  edit delete remove save saved cancel close open next back previous continue submit send sent
  search loading load please choose chosen select pick upload download share copy view show
  hide sign signed login log logout register account accounts password username email mail verify
  verified verification code welcome dashboard home settings profile help about menu language
  theme dark light tree trees drive drives donate donated donation donations donor donors planting
  plant planted plants forest receipt receipts certificate payment pay paid card number amount
  date time hours hour minutes days day month months year years today tomorrow yesterday name
  description location country image photo map place quantity type size duration sponsor sponsors
  sponsored land organiser organizer member members people team thank thanks success failed
  required optional invalid must should can cannot will would could may have had does did
  done get got make made go how what when where who why which my our we they them their he she his
  her after before up down out over under again only just also than then very each every other
  first last step steps details summary review category message hidden anonymous test mode expiry
  status created create creating update updates updated join joined nearby upcoming notification
  notifications transactions calendar impact carbon oxygen sapling saplings nursery care growth
  check checked alive funded goal progress reached left remaining items item list page pages free
  skip content main navigation sidebar toggle point latitude longitude hint example zone browser
  characters least strong weak corporate institution partner organise organize invite gift gifts
  recurring monthly yearly amount currency price per without via using keep records give gave
  given received receive confirmed confirming quick links link started start growing
  grow greener world green city chosen unknown something went wrong try again reload
  packet potted photos maps above below correct fields marked contributors library interactive`.split(
    /\s+/,
  ),
);

/**
 * Latin-script words a Hindi screen may show: units, abbreviations, names, and the "am"/"pm"
 * that CLDR's Hindi times use (Intl writes "10:00 am" in hi), and keys as printed on a keyboard.
 */
export const HINDI_LATIN_ALLOWED: ReadonlySet<string> = new Set(
  `Canopy PDF CSV API QR URL CO O kg cm ft km ha MM YY CVC AM PM UTC GMT JPEG JPG PNG WebP GIF MB KB
  OpenStreetMap Leaflet JavaScript Stripe iCal Enter Esc Escape Ctrl alt Alt T X Twitter Facebook Instagram LinkedIn WhatsApp
  am pm`.split(/\s+/),
);

/** What is data on every screen: receipt numbers, e-mails, addresses, zones, money signs. */
const DATA_PATTERNS: readonly RegExp[] = [
  /CAN-\d{4}-\d{6}/g,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /\bhttps?:\/\/\S+/g,
  /\b[\w-]+(?:\.[\w-]+)*\.(?:test|com|org|io)\b\S*/g,
  // IANA time zones (Asia/Kolkata) name a place, not a word.
  /\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+\b/g,
  /\bUS\$|\bUSD\b|\bINR\b|\bEUR\b|₹|\$|€/g,
  // The test cards as the card page lists them.
  /\b\d{4} \d{4} \d{4} \d{4}\b/g,
  // A file's header line to type as it is ("name,email").
  /"[a-z]+(?:,[a-z]+)+"/g,
  // A date format to type (dd/mm/yyyy, MM/YY) and a version (v1.0).
  /\b(?:dd|mm|yyyy|yy|DD|MM|YYYY|YY)(?:[/.-](?:dd|mm|yyyy|yy|DD|MM|YYYY|YY))+\b/g,
  /\bv\d+(?:\.\d+)+\b/g,
  // A drive pass's check-in code (6YDG ZDV7 XK4W VECD).
  /\b[0-9A-Z]{4}(?: [0-9A-Z]{4}){3}\b/g,
];

/** Names that stay as they are in every language. */
const NAMES: readonly string[] = [
  'Canopy',
  ...LANGUAGES.map((language) => language.name),
  ...TREE_SPECIES.map((species) => species.scientificName),
];

export interface Offence {
  word: string;
  /** The line of text it stands in, to find the component. */
  line: string;
}

/** The words of `text` that are not `language`, with their lines; `keep` is data to ignore. */
export function foreignWords(
  text: string,
  language: JourneyLanguage,
  keep: readonly string[] = [],
): Offence[] {
  const literal = [...keep, ...NAMES].filter(Boolean).sort((a, b) => b.length - a.length);
  const found: Offence[] = [];
  const seen = new Set<string>();
  for (const rawLine of text.split(/\n+/)) {
    const line = rawLine.trim();
    if (!line) continue;
    let rest = line;
    for (const data of literal) rest = rest.split(data).join(' ');
    for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
    for (const [word] of rest.matchAll(/[\p{L}\p{M}]+(?:['’][\p{L}]+)*/gu)) {
      if (!/\p{Script=Latin}/u.test(word)) continue;
      const lower = word.toLowerCase().replace('’', "'");
      const foreign =
        language === 'hi'
          ? !HINDI_LATIN_ALLOWED.has(word)
          : ENGLISH_WORDS.has(lower) ||
            /'(?:s|t|re|ll|ve|d|m)$/.test(lower) ||
            (lower.length >= 5 && /(?:tion|tions|ing|ings)$/.test(lower));
      const id = `${word}\u0000${line}`;
      if (foreign && !seen.has(id)) {
        seen.add(id);
        found.push({ word, line: line.length > 160 ? `${line.slice(0, 157)}…` : line });
      }
    }
  }
  return found;
}

/**
 * "word" in «line», one line each, for a failure message that says where to look; lines with the
 * same foreign words (a calendar's 35 days) are shown twice and counted.
 */
const MAX_LINES = 40;

export function describeOffences(offences: readonly Offence[]): string {
  const byLine = new Map<string, string[]>();
  for (const { word, line } of offences) byLine.set(line, [...(byLine.get(line) ?? []), word]);
  const byWords = new Map<string, string[]>();
  for (const [line, words] of byLine) {
    const key =
      words
        .slice(0, 15)
        .map((w) => `"${w}"`)
        .join(', ') + (words.length > 15 ? ` …(${words.length - 15} more)` : '');
    byWords.set(key, [...(byWords.get(key) ?? []), line]);
  }
  const shown = [...byWords].flatMap(([words, lines]) => [
    ...lines.slice(0, 2).map((line) => `  ${words}  in  «${line}»`),
    ...(lines.length > 2 ? [`  … and ${lines.length - 2} more lines like it`] : []),
  ]);
  return (
    shown.slice(0, MAX_LINES).join('\n') +
    (shown.length > MAX_LINES ? `\n  … and ${shown.length - MAX_LINES} more lines` : '')
  );
}

/**
 * Everything `scope` (the page when absent) shows or names: its rendered text (screen-reader-only
 * text included), the page's title, and the aria-labels, placeholders, titles, alt texts and
 * options of its rendered elements.
 */
export async function screenWords(page: Page, scope?: Locator): Promise<string> {
  const root = scope ?? page.locator('body');
  return root.evaluate((element) => {
    const rendered = (el: Element) =>
      typeof el.checkVisibility === 'function'
        ? el.checkVisibility({ visibilityProperty: true })
        : true;
    const out: string[] = [];
    if (element === document.body) out.push(document.title);
    // A select's options on one line (below): a list of 250 countries is one finding, not 250.
    const options = new Set<string>();
    for (const select of element.querySelectorAll('select'))
      for (const option of select.options) options.add(option.text.trim());
    out.push(
      ...(element as HTMLElement).innerText.split('\n').filter((line) => !options.has(line.trim())),
    );
    const named = element.querySelectorAll(
      '[aria-label], [placeholder], [title], [alt], [aria-description], [aria-valuetext], [aria-roledescription]',
    );
    for (const el of [element, ...named]) {
      if (!rendered(el)) continue;
      for (const attribute of [
        'aria-label',
        'placeholder',
        'title',
        'alt',
        'aria-description',
        'aria-valuetext',
        'aria-roledescription',
      ]) {
        const value = el.getAttribute(attribute);
        if (value) out.push(value);
      }
    }
    for (const select of element.querySelectorAll('select'))
      if (rendered(select))
        out.push(`▾ ${[...select.options].map((option) => option.text).join(' · ')}`);
    for (const input of element.querySelectorAll<HTMLInputElement>(
      'input[type=submit], input[type=button]',
    ))
      if (rendered(input)) out.push(input.value);
    return out.join('\n');
  });
}

/**
 * Checks the screen as it is now (soft: the journey goes on and every screen's findings are
 * reported together). `screen` names it in the message; `keep` is what the member typed and data.
 */
export async function expectScreenInLanguage(
  page: Page,
  language: JourneyLanguage,
  screen: string,
  keep: readonly string[] = [],
  scope?: Locator,
): Promise<Offence[]> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const offences = foreignWords(await screenWords(page, scope), language, keep);
  expect
    .soft(
      offences.length,
      `[${language}] ${screen}: words not in ${language === 'es' ? 'Spanish' : 'Hindi'}:\n` +
        describeOffences(offences),
    )
    .toBe(0);
  return offences;
}

/** The same check on a text that is not a screen (a mail, a PDF's text). */
export function expectTextInLanguage(
  text: string,
  language: JourneyLanguage,
  what: string,
  keep: readonly string[] = [],
): Offence[] {
  const offences = foreignWords(text, language, keep);
  expect
    .soft(
      offences.length,
      `[${language}] ${what}: words not in ${language === 'es' ? 'Spanish' : 'Hindi'}:\n` +
        describeOffences(offences),
    )
    .toBe(0);
  return offences;
}

/** How much of `text`'s letters are Devanagari (a Hindi text is mostly). */
export function devanagariShare(text: string): number {
  const letters = [...text.matchAll(/\p{L}|\p{M}/gu)].length;
  const devanagari = [...text.matchAll(/\p{Script=Devanagari}/gu)].length;
  return letters === 0 ? 0 : devanagari / letters;
}

/** Scrolls to the end and back, so sections that load when scrolled into view are on the page. */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(80);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}
