// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Hero } from '../features/landing/components/hero';
import { LoginForm } from '../features/auth/components/login-form';
import { renderWithApp } from '../test-support/render';
import { LanguageSwitch } from './language-switch';
import { detectLocale, I18nProvider } from './locale';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('choosing the language', () => {
  it('prefers the saved choice, then the browser’s languages, then English', () => {
    const offered = ['en', 'es', 'hi'] as const;
    expect(detectLocale(offered, 'hi', ['es-MX'])).toBe('hi');
    expect(detectLocale(offered, null, ['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(detectLocale(offered, 'de', ['hi-IN'])).toBe('hi');
    expect(detectLocale(offered, null, ['fr', 'de'])).toBe('en');
    // A language that is not shipped is never chosen, saved or not.
    expect(detectLocale(['en'], 'es', ['es-ES'])).toBe('en');
  });

  it('renders English at once without a provider; the switch offers the shipped three, and none when only English is offered', () => {
    renderWithApp(<Hero />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Grow a greener world, one tree at a time',
    );
    render(
      <I18nProvider>
        <LanguageSwitch />
      </I18nProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'English',
      'Español',
      'हिन्दी',
    ]);
    cleanup();
    render(
      <I18nProvider offered={['en']}>
        <LanguageSwitch />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('language-switch')).toBeNull();
  });

  it('turning Spanish on: the switch offers it, the page changes, <html lang> follows', async () => {
    renderWithApp(
      <I18nProvider offered={['en', 'es']}>
        <LanguageSwitch />
        <Hero />
        <LoginForm />
      </I18nProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'English',
      'Español',
    ]);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'es' } });
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Haz crecer un mundo más verde, árbol a árbol',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('canopy-locale')).toBe('es');
  });

  it('starts in the browser’s language when it is shipped (Hindi)', async () => {
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    Object.defineProperty(navigator, 'languages', { value: ['hi-IN', 'en'], configurable: true });
    try {
      // act() lets React retry the render once the Hindi catalogue has arrived.
      await act(async () => {
        renderWithApp(
          <I18nProvider offered={['en', 'hi']}>
            <Suspense fallback={<p>…</p>}>
              <Hero />
            </Suspense>
          </I18nProvider>,
        );
      });
      expect(
        await screen.findByRole(
          'heading',
          {
            level: 1,
            name: 'एक-एक पेड़ से दुनिया को और हरा-भरा बनाइए',
          },
          { timeout: 5000 },
        ),
      ).toBeTruthy();
      expect(document.documentElement.lang).toBe('hi');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
      if (languages) Object.defineProperty(Navigator.prototype, 'languages', languages);
    }
  });
});
