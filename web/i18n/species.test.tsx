// @vitest-environment jsdom
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { TREE_SPECIES } from '../../contract/options';
import { I18nProvider, useLocale } from './locale';
import { useSpeciesName, useSpeciesOptions } from './species';

describe("species' names in the member's language", () => {
  it('are the contract labels in English, for every species', () => {
    const { result } = renderHook(() => useSpeciesName());
    for (const species of TREE_SPECIES) expect(result.current(species.value)).toBe(species.label);
    expect(result.current(999)).toBe('999');
    const options = renderHook(() => useSpeciesOptions()).result.current;
    expect(options).toEqual(TREE_SPECIES.map((s) => ({ value: String(s.value), label: s.label })));
  });

  it('use the local name in Hindi and Spanish', async () => {
    function Names() {
      const name = useSpeciesName();
      const { setLocale } = useLocale();
      return (
        <>
          <button onClick={() => setLocale('hi')}>hi</button>
          <button onClick={() => setLocale('es')}>es</button>
          <p>{[1, 2, 999].map(name).join(', ')}</p>
        </>
      );
    }
    render(
      <I18nProvider offered={['en', 'es', 'hi']}>
        <Suspense fallback={null}>
          <Names />
        </Suspense>
      </I18nProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'hi' })));
    expect(await screen.findByText('नीम, आम, 999')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'es' })));
    expect(await screen.findByText('Nim, Mango, 999')).toBeTruthy();
  });
});
