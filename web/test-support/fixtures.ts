/* Test-only data shared by the component tests. */
import type { Drive } from '../../contract/drives';
import type { Reservation } from '../../contract/nursery';

const person = { _id: 'u-1', id: 'u-1', username: 'rowan', name: 'Rowan Oak', file: '' };

/** A drive as the API shows it, with overrides. */
export function buildDrive(overrides: Partial<Drive> = {}): Drive {
  return {
    _id: 'd-1',
    id: 'd-1',
    driveName: 'River oaks',
    treeQuantity: 1200,
    driveDate: '2026-03-14T10:00:00.000Z',
    driveEndDate: '2026-03-14T12:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    driveDuration: { value: '2', label: '02:00 hours' },
    country: { value: 'IN', label: 'India' },
    driveLocation: 'Cubbon Park, Bengaluru',
    driveLat: 12.97,
    driveLong: 77.59,
    driveDesc: 'Bring gloves.',
    treeSize: [{ value: 'packet', label: 'Packet (2 ft – 4 ft)' }],
    treesType: [{ value: '1', label: 'Neem (Neem)' }],
    treeSponsored: [],
    landDonatedBy: [],
    image: '/api/files/abc',
    organizer: person,
    participantCount: 1,
    joined: false,
    isOrganizer: false,
    isPast: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A sapling reservation as the API shows it (requested, nothing for the caller to do), with overrides. */
export function buildReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 'r-1',
    status: 'requested',
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
      pickupLocation: 'East gate',
    },
    actions: [],
    canCancel: false,
    cancelRefusal: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    deliveredAt: null,
    ...overrides,
  };
}
