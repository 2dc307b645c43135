/**
 * A small iCalendar (RFC 5545) writer: one VCALENDAR with VEVENTs, UTC times, escaped text,
 * lines folded at 75 octets and CRLF line ends. Used for a drive's .ics and the personal feed.
 */
export interface IcsEvent {
  uid: string;
  /** When this information was last revised (RFC 5545 §3.8.7.2, no METHOD). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  geo?: { lat: number; lon: number };
}

export interface IcsCalendar {
  /** Shown by calendar apps as the subscribed calendar's name. */
  name?: string;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.3.5, form 2: UTC). */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and line breaks; other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- controls other than HTAB are not allowed in TEXT.
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** Folds one content line into ≤ 75-octet pieces (§3.1), never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  // Continuation lines start with a space, which counts towards their 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

const coordinate = (value: number) => value.toFixed(6);

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // URL is a URI value, not TEXT: it is written as it is.
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.geo) lines.push(`GEO:${coordinate(event.geo.lat)};${coordinate(event.geo.lon)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole calendar as text, ready to send as `text/calendar; charset=utf-8`. */
export function buildCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Canopy//Tree drives//EN',
    'CALSCALE:GREGORIAN',
  ];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
