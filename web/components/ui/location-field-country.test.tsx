// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../contract/auth';
import { countryCentroid } from '../../../contract/country-centroids';
import { currentUserKey } from '../../lib/queries/current-user';
import { answerFetch, testQueryClient } from '../../test-support/render';
import { LocationField } from './location-field';

beforeEach(() => {
  answerFetch(200, {
    success: true,
    data: {
      tileUrl: 'http://tiles.test/{z}/{x}/{y}.png',
      attribution: '©',
      tileSize: 256,
      maxZoom: 18,
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const member: CurrentUser = {
  id: 'u-1',
  _id: 'u-1',
  username: 'fern',
  name: 'Fern Gully',
  email: 'fern@example.test',
  profileType: 'individual',
  file: '',
  verified: true,
};

/** A picker in a signed-in app whose member's profile says `location`; Enter picks the centre. */
async function openingCentre(location: string | null, startAt?: { lat: number; lng: number }) {
  const client = testQueryClient();
  client.setQueryData(currentUserKey, { success: true, user: { ...member, location } });
  const onPoint = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <LocationField
        legend="Where"
        mapLabel="Map: choose the place"
        textName="where"
        textMaxLength={100}
        textHint=""
        point={null}
        onPoint={onPoint}
        locationText=""
        onLocationText={() => undefined}
        startAt={startAt}
      />
    </QueryClientProvider>,
  );
  // The map's code loads lazily.
  const map = await screen.findByRole(
    'region',
    { name: 'Map: choose the place' },
    { timeout: 10_000 },
  );
  fireEvent.keyDown(map, { key: 'Enter' });
  const picked = onPoint.mock.calls[0]?.[0] as { lat: number; lng: number } | undefined;
  return picked;
}

describe("a new member's picker opens on their country (issue 23 §6)", () => {
  it("opens on the country of the profile's location, whatever the browser's language", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(await openingCentre('Nairobi, Kenya')).toEqual(countryCentroid('KE'));
  });

  it("opens on the browser locale's country when the profile names none", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    expect(await openingCentre('Leeds')).toEqual(countryCentroid('BR'));
    cleanup();
    expect(await openingCentre(null)).toEqual(countryCentroid('BR'));
  });

  it("keeps the form's own country first (a drive's country)", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(await openingCentre('Nairobi, Kenya', countryCentroid('IN'))).toEqual(
      countryCentroid('IN'),
    );
  });
});
