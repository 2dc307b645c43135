// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NURSERY_MESSAGES, type Reservation } from '../../../../contract/nursery';
import { renderWithApp } from '../../../test-support/render';
import { ReservationList } from './reservation-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const reservation = (overrides: Partial<Reservation>): Reservation => ({
  id: 'r-1',
  status: 'confirmed',
  quantity: 12,
  unitPriceMinor: 250,
  currency: 'USD',
  drive: { id: 'd-1', name: 'Lake bund planting', startsAt: '2026-06-20T08:00:00.000Z' },
  nursery: { id: 'n-1', name: 'Green Roots' },
  organiser: { id: 'o-1', name: 'Acme Trees' },
  stock: {
    id: 's-1',
    species: { value: 1, label: 'Neem' },
    size: 'packet',
    pickupLocation: 'Gate',
  },
  actions: ['cancel'],
  canCancel: true,
  cancelRefusal: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  deliveredAt: null,
  ...overrides,
});

describe('ReservationList', () => {
  it('offers Cancel reservation when the server says it can be cancelled', () => {
    renderWithApp(<ReservationList reservations={[reservation({})]} show="nursery" />);
    const card = screen.getByTestId('reservation');
    expect(within(card).getByRole('button', { name: 'Cancel reservation' })).toBeEnabled();
    expect(within(card).queryByTestId('cancel-refusal')).not.toBeInTheDocument();
  });

  it('hides Cancel reservation and says why when donors paid for the saplings', () => {
    renderWithApp(
      <ReservationList
        reservations={[
          reservation({
            actions: [],
            canCancel: false,
            cancelRefusal: NURSERY_MESSAGES.reservationHasDonations,
          }),
        ]}
        show="nursery"
      />,
    );
    const card = screen.getByTestId('reservation');
    expect(within(card).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(within(card).getByTestId('cancel-refusal')).toHaveTextContent(
      NURSERY_MESSAGES.reservationHasDonations,
    );
  });

  it('keeps the nursery’s Mark delivered beside the reason', () => {
    renderWithApp(
      <ReservationList
        reservations={[
          reservation({
            actions: ['deliver'],
            canCancel: false,
            cancelRefusal: NURSERY_MESSAGES.reservationHasDonations,
          }),
        ]}
        show="organiser"
      />,
    );
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(screen.getByTestId('cancel-refusal')).toBeInTheDocument();
  });
});
