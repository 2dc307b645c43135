// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShowcaseDrive } from '../../../../contract/landing';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { HowItWorks } from './how-it-works';
import { NewestDrives } from './newest-drives';
import { TestimonialsSection } from './testimonials-section';
import { TreesMapSection } from './trees-map-section';

const DRIVE: ShowcaseDrive = {
  id: 'd1',
  name: 'River park planting',
  place: 'Riverside Park',
  country: 'Kenya',
  countryCode: 'KE',
  startsAt: '2030-03-02T06:00:00.000Z',
  timeZone: 'Africa/Nairobi',
  image: '/api/files/abc',
  treeQuantity: 120,
  participantCount: 1,
  isPast: false,
};

const answer = (path: string, body: unknown) =>
  routeFetch((url) => (url.pathname === path ? { status: 200, body } : undefined));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the newest drives', () => {
  it('shows each drive with its picture, place, date and a link to it', async () => {
    answer('/api/drives/newest', {
      success: true,
      data: [DRIVE, { ...DRIVE, id: 'd2', name: 'Old hedge', image: '', isPast: true }],
    });
    renderWithApp(<NewestDrives />);
    // The cards arrive with their lazily loaded chunk (slow to compile on a busy machine).
    const cards = await screen.findAllByTestId('showcase-drive', undefined, { timeout: 8000 });
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'River park planting' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d1',
    );
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/api/files/abc');
    expect(first.getByText('Riverside Park, Kenya')).toBeInTheDocument();
    expect(first.getByText(/2030/)).toBeInTheDocument();
    expect(first.getByText('120 trees · 1 volunteer')).toBeInTheDocument();
    expect(first.getByText('Upcoming')).toBeInTheDocument();
    // No picture: a drawn landscape, and the drive is marked as planted.
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(within(cards[1]!).getByText('Planted')).toBeInTheDocument();
  });

  it('is left out while there are no drives', async () => {
    const fetch = answer('/api/drives/newest', { success: true, data: [] });
    const { container } = renderWithApp(<NewestDrives />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});

describe('the testimonials section', () => {
  it('invites members to share when nobody has opted in: nobody made up', async () => {
    answer('/api/testimonials', { success: true, data: [] });
    renderWithApp(<TestimonialsSection />);
    expect(await screen.findByTestId('testimonials-empty')).toHaveTextContent(
      'No member has shared their story here yet.',
    );
    expect(screen.getByRole('link', { name: 'Share your story' })).toHaveAttribute(
      'href',
      '/app/settings-profile',
    );
    expect(screen.queryByTestId('testimonial')).toBeNull();
  });

  it("shows members' own words when they opted in", async () => {
    answer('/api/testimonials', {
      success: true,
      data: [{ name: 'Wanjiru Kamau', accountType: 'individual', quote: 'We plant.', avatar: '' }],
    });
    renderWithApp(<TestimonialsSection />);
    expect(await screen.findByTestId('testimonial')).toHaveTextContent('We plant.');
  });
});

describe('the map of planted trees', () => {
  it('holds its place until scrolled near: no map code before', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderWithApp(<TreesMapSection />);
    expect(screen.getByRole('heading', { name: 'Every tree on the map, counted' })).toBeVisible();
    expect(screen.getByTestId('lazy-mount-placeholder')).toHaveTextContent('Loading map…');
    expect(screen.queryByTestId('landing-map')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('how it works', () => {
  it('draws each step as the app screen it happens on', async () => {
    renderWithApp(<HowItWorks />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(await screen.findByTestId('screen-join')).toBeInTheDocument();
    expect(await screen.findByTestId('screen-drive')).toBeInTheDocument();
    expect(await screen.findByTestId('screen-tree')).toBeInTheDocument();
  });
});
