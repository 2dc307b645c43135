// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NURSERY_MESSAGES, type Reservation } from '../../../../contract/nursery';
import { buildReservation } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import { ReservationList } from './reservation-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const reservation = (overrides: Partial<Reservation>) =>
  buildReservation({ status: 'confirmed', actions: ['cancel'], canCancel: true, ...overrides });

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
