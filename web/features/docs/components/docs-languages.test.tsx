// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/locale';
import { CareScheduleList } from './care-schedule';
import { ImpactMethod } from './impact-method';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The impact method and the care schedule with `locale` chosen on this device. */
async function renderIn(locale: string) {
  localStorage.setItem('canopy-locale', locale);
  await act(async () => {
    render(
      <I18nProvider offered={['en', 'es', 'hi']}>
        <Suspense fallback={<p>…</p>}>
          <ImpactMethod />
          <CareScheduleList />
        </Suspense>
      </I18nProvider>,
    );
  });
  // The section suspends once while the language's messages arrive.
  const heading = await screen.findByRole('heading', { level: 2 });
  return heading.closest('section')!;
}

describe('the documentation in Spanish and Hindi', () => {
  it('reads Spanish: headings, formulas aligned on "=", decimal commas, the species and care', async () => {
    const section = await renderIn('es');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Método de cálculo del impacto',
    );
    const formulas = section.querySelector('pre')!.textContent!.split('\n');
    expect(formulas[0]).toMatch(/^biomasa aérea +AGB = 0,0673 × \(ρ · D² · H\)\^0,976/);
    expect(new Set(formulas.map((line) => line.indexOf('=')))).toHaveLength(1);
    expect(formulas[2]).toContain('C = 0,47 × (AGB + raíces)');
    expect(section).toHaveTextContent('de ×0,7 a ×1,43 para un árbol medido');
    expect(within(section).getByRole('note')).toHaveTextContent(/^EjemploUn nim \(densidad/);
    expect(
      within(section).getByRole('heading', { name: 'La regla de los 12 meses' }),
    ).toBeVisible();
    expect(section).toHaveTextContent('Vivos en la última revisión: Plantas vivas revisadas');
    expect(screen.getByText('Regar cada 7 días el primer año')).toBeInTheDocument();
    expect(screen.getByText('Medir cada 6 meses durante toda su vida')).toBeInTheDocument();
  });

  it('reads Hindi, in Devanagari, with the same figures', async () => {
    const section = await renderIn('hi');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      'असर निकालने का तरीका',
    );
    expect(within(section).getByRole('note')).toHaveTextContent(/^उदाहरणएक नीम \(लकड़ी/);
    expect(section).toHaveTextContent('मापे गए पेड़ के लिए ×0.7 से ×1.43');
    expect(within(section).getByRole('heading', { name: '12 महीने का नियम' })).toBeVisible();
    expect(screen.getByText('पहले साल हर 7 दिन में पानी दें')).toBeInTheDocument();
  });
});
