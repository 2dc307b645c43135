// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { DriveCard } from './drive-card';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A drive card with Spanish and Hindi turned on and `locale` chosen on this device. */
const renderIn = (locale: string) =>
  renderInLanguage(locale, <DriveCard drive={buildDrive({ participantCount: 1, joined: true })} />);

describe('the drives namespace in each language', () => {
  it('loads Spanish on demand: counts, badges and the organiser line', async () => {
    await renderIn('es');
    const card = await screen.findByRole('article', { name: 'River oaks' });
    expect(within(card).getByText('1200 árboles')).toBeInTheDocument();
    expect(within(card).getByText('1 participante')).toBeInTheDocument();
    expect(within(card).getByText('Te uniste')).toBeInTheDocument();
    expect(within(card).getByText('Organiza Rowan Oak')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Foto de River oaks' })).toBeInTheDocument();
  });

  it('loads Hindi on demand, in Devanagari', async () => {
    await renderIn('hi');
    const card = await screen.findByRole('article', { name: 'River oaks' });
    expect(within(card).getByText('1,200 पेड़')).toBeInTheDocument();
    expect(within(card).getByText('1 प्रतिभागी')).toBeInTheDocument();
    expect(within(card).getByText('शामिल')).toBeInTheDocument();
    expect(within(card).getByText('आयोजक: Rowan Oak')).toBeInTheDocument();
  });
});
