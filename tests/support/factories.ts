import type { Kysely } from 'kysely';
import type {
  Database,
  MailsTable,
  NewDonation,
  NewDrive,
  NewTree,
  NewUser,
} from '../../server/db/tables';
import { newId } from '../../server/lib/ids';

let sequence = 0;
const next = () => ++sequence;
const stamp = '2026-01-01T00:00:00.000Z';

export function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  return {
    id: newId(),
    email: `user${n}@example.test`,
    username: `user${n}`,
    name: `Test User ${n}`,
    // Not a real hash: these rows are never signed into.
    password_hash: 'unusable',
    profile_type: 'individual',
    verified_at: stamp,
    avatar_file_id: null,
    bio: null,
    location: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function buildDrive(organizerId: string, overrides: Partial<NewDrive> = {}): NewDrive {
  const n = next();
  return {
    id: newId(),
    organizer_id: organizerId,
    name: `Drive ${n}`,
    tree_quantity: 50,
    starts_at: '2026-03-01T09:00:00.000Z',
    duration_hours: 2,
    // ISO 3166-1 alpha-2, as the drive form sends it.
    country: 'IN',
    location_text: 'Lodhi Garden, New Delhi',
    lat: 28.5933,
    lng: 77.2197,
    description: 'Planting native saplings along the park edge.',
    tree_sizes: JSON.stringify(['packet']),
    tree_types: JSON.stringify([1]),
    sponsors: JSON.stringify([]),
    land_donors: JSON.stringify([]),
    image_file_id: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function buildTree(ownerId: string, overrides: Partial<NewTree> = {}): NewTree {
  return {
    id: newId(),
    owner_id: ownerId,
    drive_id: null,
    species_id: 1,
    size: 'packet',
    planted_at: '2025-01-15T00:00:00.000Z',
    lat: null,
    lng: null,
    nickname: null,
    status: 'alive',
    created_at: stamp,
    // Registration is the tree's first check (issue 21 §3), as the trees repository stores it.
    last_checked_at: overrides.created_at ?? stamp,
    ...overrides,
  };
}

/** A paid cash donation to the general fund unless told otherwise (receipt numbers are unique). */
export function buildDonation(donorId: string, overrides: Partial<NewDonation> = {}): NewDonation {
  const n = next();
  const status = overrides.status ?? 'paid';
  return {
    id: newId(),
    donor_id: donorId,
    drive_id: null,
    kind: 'cash',
    trees: 0,
    amount_minor: 2500,
    currency: 'USD',
    category: 'Trees',
    message: 'For the monsoon planting',
    anonymous: 0,
    status,
    provider: 'test',
    checkout_session_id: `cs_factory_${n}`,
    payment_ref: null,
    receipt_number: status === 'paid' ? `CAN-2025-${String(900_000 + n).padStart(6, '0')}` : null,
    failure_reason: null,
    created_at: stamp,
    paid_at: status === 'paid' ? stamp : null,
    updated_at: stamp,
    ...overrides,
  };
}

export async function insertUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}) {
  const user = buildUser(overrides);
  await db.insertInto('users').values(user).execute();
  return user;
}

/** A row of the mail outbox: sent by default; `status: 'failed'` gets a connection error. */
export function buildMail(overrides: Partial<MailsTable> = {}): MailsTable {
  const n = next();
  const status = overrides.status ?? 'sent';
  return {
    id: `mail-${n}`,
    key: null,
    to_address: `person${n}@example.org`,
    subject: 'Your Canopy verification code',
    text_body: null,
    html_body: null,
    status,
    attempts: 1,
    last_error: status === 'failed' ? 'connect ECONNREFUSED' : null,
    created_at: stamp,
    sent_at: status === 'sent' ? stamp : null,
    ...overrides,
  };
}
