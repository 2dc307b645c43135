import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, icsDateTime, type IcsEvent } from './ical';

interface Property {
  name: string;
  params: string;
  value: string;
}
interface Component {
  name: string;
  props: Property[];
  children: Component[];
}

/** A tiny RFC 5545 reader: checks CRLF, unfolds, and builds the component tree. */
function parseIcs(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  const root: Component = { name: '', props: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon).toBeGreaterThan(0);
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [name, ...params] = head.split(';');
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child: Component = { name: value, props: [], children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(top.name).toBe(value);
      stack.pop();
    } else top.props.push({ name: name!, params: params.join(';'), value });
  }
  expect(stack).toHaveLength(1);
  return root.children[0]!;
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const prop = (c: Component, name: string) => c.props.find((p) => p.name === name)?.value;

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'drive-1@canopy',
  stamp: new Date('2026-05-01T08:00:00.000Z'),
  start: new Date('2026-06-10T09:00:00.000Z'),
  end: new Date('2026-06-10T12:30:00.000Z'),
  summary: 'Monsoon Mangrove Day',
  location: 'Mahim Creek, Mumbai',
  description: 'Bring boots.',
  url: 'https://canopy.example/app/delive-detail/drive-1',
  geo: { lat: 19.0426, lon: 72.8402 },
  ...overrides,
});

describe('iCalendar writer', () => {
  it('writes UTC date-times as YYYYMMDDTHHMMSSZ', () => {
    expect(icsDateTime(new Date('2026-06-10T09:05:07.123Z'))).toBe('20260610T090507Z');
  });

  it('escapes backslash, semicolon, comma and line breaks, and drops other controls', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'Tree 🌳 planting, ü and é. '.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const [i, piece] of physical.entries()) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(piece.startsWith(' ')).toBe(true);
      // A split inside a character would leave a replacement character after decoding.
      expect(Buffer.from(piece, 'utf8').toString('utf8')).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('builds a calendar that parses back to the same fields', () => {
    const tricky = event({
      summary: 'Café, "Trees"; and \\ more',
      location: 'Plot 4; Gate B, Lodhi Road',
      description: `Line one,\nline two; ${'very long text '.repeat(10)}🌱\n\nDetails: https://canopy.example/app/delive-detail/drive-1`,
    });
    const text = buildCalendar({
      name: 'Canopy tree drives',
      events: [tricky, event({ uid: 'drive-2@canopy' })],
    });
    const calendar = parseIcs(text);
    expect(calendar.name).toBe('VCALENDAR');
    expect(prop(calendar, 'VERSION')).toBe('2.0');
    expect(prop(calendar, 'PRODID')).toBe('-//Canopy//Tree drives//EN');
    expect(prop(calendar, 'X-WR-CALNAME')).toBe('Canopy tree drives');
    expect(calendar.children.map((c) => c.name)).toEqual(['VEVENT', 'VEVENT']);
    const first = calendar.children[0]!;
    expect(prop(first, 'UID')).toBe('drive-1@canopy');
    expect(prop(first, 'DTSTAMP')).toBe('20260501T080000Z');
    expect(prop(first, 'DTSTART')).toBe('20260610T090000Z');
    expect(prop(first, 'DTEND')).toBe('20260610T123000Z');
    expect(unescapeText(prop(first, 'SUMMARY')!)).toBe(tricky.summary);
    expect(unescapeText(prop(first, 'LOCATION')!)).toBe(tricky.location);
    expect(unescapeText(prop(first, 'DESCRIPTION')!)).toBe(tricky.description);
    expect(prop(first, 'URL')).toBe(tricky.url);
    expect(prop(first, 'GEO')).toBe('19.042600;72.840200');
    // Every physical line is at most 75 octets.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('leaves out optional properties, and an empty calendar is still valid', () => {
    const text = buildCalendar({
      events: [
        event({ location: undefined, description: undefined, url: undefined, geo: undefined }),
      ],
    });
    const vevent = parseIcs(text).children[0]!;
    expect(vevent.props.map((p) => p.name)).toEqual([
      'UID',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
    ]);
    expect(parseIcs(buildCalendar({ events: [] })).children).toEqual([]);
  });
});
