// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import { I18nProvider } from '../i18n/locale';
import { renderWithApp } from '../test-support/render';
import AppFeatures from './app-features';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function renderFeatures(locale: string, profileType: CurrentUser['profileType']) {
  localStorage.setItem('canopy-locale', locale);
  const user = { id: 'u-1', profileType } as CurrentUser;
  await act(async () => {
    renderWithApp(
      <I18nProvider offered={['en', 'es', 'hi']}>
        <Suspense fallback={<p>…</p>}>
          <Routes>
            <Route element={<Outlet context={user} />}>
              <Route path="/" element={<AppFeatures />} />
            </Route>
          </Routes>
        </Suspense>
      </I18nProvider>,
    );
  });
}

describe('/app/features (ui-kit namespace)', () => {
  it('lists the groups in English, corporate items only for corporate accounts', async () => {
    await renderFeatures('en', 'individual');
    const group = await screen.findByRole('region', { name: 'Your account and the community' });
    expect(group).toHaveAttribute('aria-labelledby', 'features-your-account-and-the-community');
    expect(screen.queryByRole('heading', { name: 'Organise drives' })).not.toBeInTheDocument();
    expect(screen.getByText('The bell in the top bar')).toBeInTheDocument();
  });

  it('reads Spanish and Hindi, the section anchors unchanged', async () => {
    await renderFeatures('es', 'corporate');
    const group = await screen.findByRole('region', { name: 'Plantar en comunidad' });
    expect(group).toHaveAttribute('aria-labelledby', 'features-plant-together');
    expect(screen.getByRole('heading', { name: 'Organizar jornadas' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Abrir Mis plantaciones' })).toHaveLength(2);
    cleanup();
    await renderFeatures('hi', 'corporate');
    expect(await screen.findByRole('region', { name: 'आपके पेड़' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API दस्तावेज़ खोलें' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });
});
