// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Forest } from '../../../../contract/forest';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { buildForest, buildForestTree } from '../test-data';
import { forestInWords, ForestPreview } from './forest-preview';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const serve = (forest: Forest) =>
  routeFetch((url) =>
    url.pathname === '/api/forest'
      ? { status: 200, body: { success: true, data: forest } }
      : undefined,
  );

describe('ForestPreview (the individual home, issue 23)', () => {
  it('says the forest in words, shows a few trees with their photos, and links to all of it', async () => {
    serve(
      buildForest({
        summary: { funded: 12, planted: 9, alive: 8 },
        trees: [1, 2, 3, 4].map((n) => buildForestTree({ id: `t-${n}`, name: `Tree ${n}` })),
      }),
    );
    renderWithApp(<ForestPreview />);
    expect(await screen.findByTestId('home-forest-words')).toHaveTextContent(
      'Your gifts funded 12 trees. 9 trees are in the ground for you, and 8 were alive at the last check.',
    );
    const trees = screen.getByRole('list', { name: 'Some of your trees' });
    expect(within(trees).getAllByTestId('forest-tree')).toHaveLength(3);
    expect(within(trees).getAllByRole('img')[0]).toHaveAttribute('src', '/api/files/photo-1');
    expect(screen.getByRole('link', { name: 'See my forest' })).toHaveAttribute(
      'href',
      '/app/my-forest',
    );
  });

  it('tells a new member how a forest starts: donate or register a tree', async () => {
    serve(buildForest());
    renderWithApp(<ForestPreview />);
    const empty = await screen.findByTestId('home-forest-empty');
    expect(within(empty).getByRole('link', { name: 'Donate trees' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(within(empty).getByRole('link', { name: 'Register a tree' })).toHaveAttribute(
      'href',
      '/app/tree-registeration',
    );
  });

  it('reads one of each in the singular', () => {
    expect(forestInWords({ funded: 1, planted: 1, alive: 1 })).toBe(
      'Your gifts funded 1 tree. 1 tree is in the ground for you, and 1 was alive at the last check.',
    );
    expect(forestInWords({ funded: 2, planted: 0, alive: 0 })).toBe(
      'Your gifts funded 2 trees. None is in the ground yet: you will see each one once planted.',
    );
  });
});
