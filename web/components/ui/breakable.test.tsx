// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breakable, wrapPieces } from './breakable';

afterEach(cleanup);

describe('Breakable (issue 23 §4: emails and ids wrap at sensible points)', () => {
  it('cuts after @, dots, slashes and underscores only', () => {
    expect(wrapPieces('maria.fernanda@greenleaf-partners.example.org')).toEqual([
      'maria.',
      'fernanda@',
      'greenleaf-partners.',
      'example.',
      'org',
    ]);
    expect(wrapPieces('/app/tree_detail/019a')).toEqual(['/', 'app/', 'tree_', 'detail/', '019a']);
    expect(wrapPieces('plain')).toEqual(['plain']);
    expect(wrapPieces('')).toEqual([]);
  });

  it('marks the wrap points with <wbr> and keeps the text whole for reading and finding', () => {
    const { container } = render(<Breakable text="fern.gully@example.org" className="font-bold" />);
    const span = screen.getByText('fern.gully@example.org');
    expect(span).toHaveClass('break-words', 'font-bold');
    expect(span).not.toHaveClass('break-all');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(span.innerHTML).toBe('fern.<wbr>gully@<wbr>example.<wbr>org');
  });
});
