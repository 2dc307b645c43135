import { Fragment } from 'react';

/** After these an email, id or address may wrap: "fern.gully@" "greenleaf." "example.org". */
const WRAP_AFTER = /(?<=[@./_])/;

/** The pieces of `text` between its wrap points (after @, dots, slashes and underscores). */
export function wrapPieces(text: string): string[] {
  return text.split(WRAP_AFTER).filter(Boolean);
}

/**
 * An email, id or address that wraps at sensible points (issue 23 §4): after @, dots, slashes and
 * underscores (`<wbr>`), never in the middle of a word, unless a piece is wider than the line
 * itself (`overflow-wrap: break-word`, which leaves the surrounding layout's widths alone).
 * Screen readers and copying read the text unchanged.
 */
export function Breakable({ text, className }: { text: string; className?: string }) {
  const pieces = wrapPieces(text);
  return (
    <span className={`break-words ${className ?? ''}`.trim()}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
