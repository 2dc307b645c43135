/* Test-only data for the forest's component tests. */
import type { DriveUpdate } from '../../../contract/drive-updates';
import type { Forest, ForestGift, ForestTree } from '../../../contract/forest';
import { UNVERIFIED } from '../../../contract/tree-verification';

const range = (mid: number) => ({ low: mid * 0.7, mid, high: mid * 1.43 });

export function buildForestTree(overrides: Partial<ForestTree> = {}): ForestTree {
  const id = overrides.id ?? 't-1';
  return {
    id,
    _id: id,
    species: { value: 1, label: 'Neem', scientificName: 'Azadirachta indica' },
    count: 5,
    aliveCount: 5,
    size: 'packet',
    plantedAt: '2026-05-10T00:00:00.000Z',
    lat: 12.976,
    lng: 77.593,
    location: 'Cubbon Park, Bengaluru',
    name: null,
    photoUrl: '/api/files/photo-1',
    status: 'healthy',
    cause: null,
    problem: null,
    statusChangedAt: null,
    driveId: 'd-1',
    replacesTreeId: null,
    replacedByTreeId: null,
    owner: { id: 'o-1', name: 'Asha Organiser' },
    isOwner: false,
    lastMeasurement: null,
    impact: { basis: 'predicted', co2Kg: range(1.2), o2Kg: range(0.87), co2KgPerYear: range(0.9) },
    createdAt: '2026-05-10T10:00:00.000Z',
    verification: UNVERIFIED,
    giftPlants: 3,
    driveName: 'River oaks',
    ...overrides,
  };
}

export function buildGift(overrides: Partial<ForestGift> = {}): ForestGift {
  return {
    donationId: 'g-1',
    trees: 3,
    planted: 0,
    status: 'funded',
    driveId: 'd-1',
    driveName: 'River oaks',
    plantingOn: '2099-06-20T08:00:00.000Z',
    waitingForOrganiser: false,
    paidAt: '2026-05-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildUpdate(overrides: Partial<DriveUpdate> = {}): DriveUpdate {
  return {
    id: 'u-1',
    driveId: 'd-1',
    author: { id: 'o-1', name: 'Asha Organiser' },
    role: 'organiser',
    text: 'All saplings watered after the rain.',
    photos: [{ id: 'p-1', url: '/api/files/p-1' }],
    createdAt: '2026-05-12T09:00:00.000Z',
    ...overrides,
  };
}

export function buildForest(overrides: Partial<Forest> = {}): Forest {
  return {
    summary: { funded: 0, planted: 0, alive: 0 },
    fourNumbers: { treesFunded: 0, treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 },
    gifts: [],
    trees: [],
    updates: [],
    next: { gifts: null, trees: null, updates: null },
    ...overrides,
  };
}
