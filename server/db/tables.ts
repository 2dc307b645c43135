import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// Timestamps are ISO-8601 UTC text on both dialects: portable, sortable and readable.
export type Timestamp = string;

/**
 * SQLite only: the FTS5 trigram index of people search (0025), kept by triggers on `users`.
 * PostgreSQL answers from trigram indexes on `users` itself.
 */
export interface UsersSearchTable {
  user_id: string;
  username: string;
  name: string;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  name: string | null;
  password_hash: string;
  profile_type: 'individual' | 'corporate' | 'nursery';
  verified_at: Timestamp | null;
  avatar_file_id: string | null;
  bio: string | null;
  location: string | null;
  /** 0062: the member's language (contract/languages.ts), null to follow the browser. */
  locale: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the account was deleted; the row stays, anonymised, so shared records keep their links. */
  deleted_at: Timestamp | null;
}

export interface DrivesTable {
  id: string;
  organizer_id: string;
  name: string;
  tree_quantity: number;
  starts_at: Timestamp;
  duration_hours: number;
  country: string;
  location_text: string;
  lat: number;
  lng: number;
  description: string;
  /** JSON arrays of option values: tree sizes, species values, sponsor names, land donors. */
  tree_sizes: string;
  tree_types: string;
  sponsors: string;
  land_donors: string;
  image_file_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the day-before reminder went out; null until then (reset when the date changes). */
  reminder_sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 0009: the IANA zone of the drive's place, derived from lat/lng on the server (default UTC). */
  time_zone: WithDefault<string>;
  /** 0046: how many members joined, kept by triggers on drive_participants. */
  participants_count: WithDefault<number>;
  /** 0047: the minutes of the drive's attendance rows (written with them, under the row's lock). */
  attendance_minutes: WithDefault<number>;
  /** 0047: 1 when the organiser has an attendance row; else they count the drive's duration. */
  organiser_attended: WithDefault<number>;
}

/**
 * 0047 (drives module, issue 21): one person's attendance at a drive: a member (`user_id`) or a
 * walk-in without an account yet (`person_id` a walk-in id, `user_id` null until claimed).
 * `minutes`: what it counts (docs/decisions/attended-hours.md).
 */
export interface DriveAttendanceTable {
  drive_id: string;
  person_id: string;
  user_id: string | null;
  walk_in_name: string | null;
  walk_in_email: string | null;
  /** SHA-256 of the walk-in's claim token (lib/secret-tokens.ts); null once claimed. */
  claim_hash: string | null;
  checked_in_at: Timestamp | null;
  checked_out_at: Timestamp | null;
  corrected_minutes: number | null;
  minutes: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DriveParticipantsTable {
  drive_id: string;
  user_id: string;
  joined_at: Timestamp;
  /** 0031: the drive's starts_at, kept by the drive's edit (a member's drives in date order). */
  drive_starts_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** 0031: per organiser and month (YYYY-MM of starts_at) their drives and sign-ups. */
export interface DriveOrganiserMonthsTable {
  organizer_id: string;
  month: string;
  drives: number;
  participants: number;
  /** 0035: volunteer hours: each drive's duration once for its organiser and once per participant. */
  hours: WithDefault<number>;
}

/**
 * 0038: the drives map's grid (drives module, docs/decisions/drives-map-clusters.md): per zoom
 * level, country ('' any) and start month, a cell's drives and summed place (1e-7 degrees). Kept
 * by triggers on `drives`.
 */
export interface DriveMapCellsTable {
  level: number;
  country: string;
  month: string;
  cy: number;
  cx: number;
  drives: number;
  lat_e7: number;
  lng_e7: number;
}

/** 0037: the community's drives, sign-ups and volunteer hours per month (drives module). */
export interface DriveCommunityMonthsTable {
  month: string;
  drives: number;
  participants: number;
  hours: number;
}

/** 0047: attended minutes (volunteer hours × 60) per organiser and month of their drives' starts. */
export interface DriveAttendedMonthsTable {
  organizer_id: string;
  month: string;
  minutes: number;
}

/**
 * 0069: a member's drives organised and joined, their attendance rows' minutes, and the minutes
 * of their organised drives without an attendance row of theirs (counted once the drive started).
 */
export interface DriveMemberTotalsTable {
  user_id: string;
  organised: Generated<number>;
  joined: Generated<number>;
  attended_minutes: Generated<number>;
  unattended_minutes: Generated<number>;
}

/** 0047: the community's attended minutes per month of the drives' starts. */
export interface DriveCommunityAttendedMonthsTable {
  month: string;
  minutes: number;
}

/** 0037: drives per country (drives module). */
export interface DriveCountriesTable {
  country: string;
  drives: number;
}

export interface TreesTable {
  id: string;
  owner_id: string;
  drive_id: string | null;
  species_id: number;
  size: 'packet' | 'potted';
  planted_at: Timestamp;
  lat: number | null;
  lng: number | null;
  nickname: string | null;
  status: 'alive' | 'needs_care' | 'dead';
  created_at: Timestamp;
  // 0008-trees: the registration form, health and the latest measurement (defaults on insert).
  replaces_tree_id: WithDefault<string | null>;
  tree_count: WithDefault<number>;
  alive_count: WithDefault<number>;
  location_text: WithDefault<string>;
  photo_file_id: WithDefault<string | null>;
  /** Why it needs care or died (a DEATH_CAUSES value), when reported. */
  cause: WithDefault<string | null>;
  status_changed_at: WithDefault<Timestamp | null>;
  last_measured_at: WithDefault<Timestamp | null>;
  last_height_cm: WithDefault<number | null>;
  last_diameter_cm: WithDefault<number | null>;
  /** 0011-nursery: the sapling reservation the tree came from (a delivered one of its drive). */
  reservation_id: WithDefault<string | null>;
  /** 0017: how many of the record's plants carry donors' gifts (kept with `tree_gift_allocations`). */
  gift_plants: WithDefault<number>;
  /** 0048 (issue 21): the tree's verification (docs/decisions/tree-verification.md). */
  verification_status: WithDefault<'unverified' | 'verified' | 'rejected'>;
  verified_by: WithDefault<string | null>;
  verified_at: WithDefault<Timestamp | null>;
  /** A rejection's reason (a VERIFICATION_REJECTION_REASONS value). */
  verification_reason: WithDefault<string | null>;
  /** Metres from the registered point to where the latest photo with GPS was taken. */
  photo_distance_m: WithDefault<number | null>;
  /** When the latest photo of the tree (its own or a measurement's) was added. */
  last_photo_at: WithDefault<Timestamp | null>;
  /** 0049 (issue 21): the last check: registration, measurement, care entry or health report. */
  last_checked_at: WithDefault<Timestamp | null>;
  /** 0050: what is wrong while it needs care, in the reporter's words, and its photo. */
  health_note: WithDefault<string | null>;
  health_photo_file_id: WithDefault<string | null>;
  /**
   * 0060 (issue 25): the place other members see, from a neighbourhood-level reverse geocode of
   * the point; null until looked up, '' where the geocoder names nothing.
   */
  public_place: WithDefault<string | null>;
}

/** 0032 (trees module): plants registered at a drive per planting day (UTC), with its organiser. */
export interface TreeDriveDaysTable {
  // PostgreSQL answers the bigint counts as text: readers take Number() of them.
  drive_id: string;
  /** YYYY-MM-DD (UTC) of `planted_at`. */
  planted_day: string;
  organiser_id: string;
  planted: number;
  /** Of them alive at their last check (a dead record counts none). */
  alive: number;
}

/** 0061 (trees module): trees waiting for a verifier per drive that has any, with its organiser. */
export interface TreeVerificationDrivesTable {
  drive_id: string;
  organiser_id: string;
  /** PostgreSQL answers the bigint as text: readers take Number() of it. */
  waiting: number;
}

/** 0032 (donations module): paid donations to a drive per payment day (UTC) and currency. */
export interface DonationDriveDaysTable {
  drive_id: string;
  /** YYYY-MM-DD (UTC) of `paid_at`. */
  paid_day: string;
  currency: string;
  organiser_id: string;
  amount_minor: number;
  trees: number;
  donations: number;
}

/**
 * 0039 (trees module): `tree_drive_days` summed per organiser and planting month (`span` 'month',
 * `period` YYYY-MM) and per organiser and day ('day', YYYY-MM-DD).
 */
export interface TreeOrganiserPeriodsTable {
  organiser_id: string;
  span: 'month' | 'day';
  period: string;
  planted: number;
  alive: number;
}

/** 0039 (donations module): `donation_drive_days` the same way, per currency. */
export interface DonationOrganiserPeriodsTable {
  organiser_id: string;
  span: 'month' | 'day';
  period: string;
  currency: string;
  amount_minor: number;
  trees: number;
  donations: number;
}

/** 0044: what each member gave per currency (paid donations), kept by triggers (donations module). */
export interface DonationDonorTotalsTable {
  donor_id: string;
  currency: string;
  amount_minor: number;
  trees: number;
  donations: number;
}

/** 0045: how many tree records each member has, kept by triggers (trees module). */
export interface TreeOwnerCountsTable {
  owner_id: string;
  records: number;
}

/** Each member's open replanting tasks, kept by triggers on `trees` (0067). */
export interface TreeReplantingCountsTable {
  owner_id: string;
  open: number;
}

/**
 * 0049: plants of trees not rejected per UTC day of their last check ('' never) and verified (1)
 * or not (0), kept by triggers (trees module). PostgreSQL answers the sums as text.
 */
export interface TreeCheckDaysTable {
  checked_day: string;
  verified: number;
  planted: number;
  alive: number;
}

/** A column the database fills when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** 0024: the community's living plants by (species, size, planting day), kept by the trees module's writes. */
export interface TreeImpactCohortsTable {
  species_id: number;
  size: TreesTable['size'];
  /** YYYY-MM-DD (UTC) of `planted_at`. */
  planted_day: string;
  /** Living plants without a measurement. */
  plants: number;
  /** Living plants with one, and the CO₂ they store by it (whole milligrams). */
  measured_plants: number;
  measured_co2_mg: ColumnType<number | string, number, number>;
  /** What of this row `tree_impact_partials` counts (0026): the job sets them when it counts it. */
  counted_plants: Generated<number>;
  counted_measured_plants: Generated<number>;
  counted_measured_co2_mg: ColumnType<number | string, number | undefined, number>;
  /** 1 when the row changed since it was counted (set by the writing transaction). */
  dirty: Generated<number>;
}

/** Per species, planting size and year, what the counted cohort rows add up to (0026). */
export interface TreeImpactPartialsTable {
  species_id: number;
  size: TreesTable['size'];
  /** YYYY of the rows' `planted_day`. */
  planted_year: string;
  plants: number;
  measured_plants: number;
  measured_co2_mg: ColumnType<number | string, number, number>;
  /** CO₂ (kg, central value) the counted unmeasured plants store by the species curve at `computed_at`. */
  predicted_co2_kg: number;
  computed_at: string;
}

/** The community's tree charts as the chart job last made them (0030). */
export interface TreeChartSnapshotsTable {
  name: string;
  /** The last month (YYYY-MM) the charts reach. */
  last_month: string;
  /** The charts as JSON (trees module's CommunityTreeCharts). */
  body: string;
  computed_at: string;
}

export interface TreeMeasurementsTable {
  id: string;
  tree_id: string;
  measured_at: Timestamp;
  height_cm: number;
  diameter_cm: number;
  alive_count: number | null;
  photo_file_id: string | null;
  created_at: Timestamp;
}

export interface TreeCareLogTable {
  id: string;
  tree_id: string;
  action: 'watered' | 'mulched' | 'weeded' | 'pruned' | 'fertilised' | 'protected';
  note: string | null;
  done_at: Timestamp;
  created_at: Timestamp;
}

export interface TreeCareSettingsTable {
  user_id: string;
  /** 1 when the member opted in to the weekly email digest. */
  weekly_digest: number;
  updated_at: Timestamp;
}

/**
 * The care tasks a member was told about (a record, not a lock): written by the notice job with
 * the notice, so a task is told once; "newly due" is due and not here. Pruned after 400 days.
 */
export interface TreeCareNoticesTable {
  tree_id: string;
  task: 'water' | 'weed' | 'mulch' | 'measure' | 'checkup';
  /** The day the task fell due (YYYY-MM-DD). */
  due_on: string;
  owner_id: string;
  created_at: Timestamp;
}

/** One row per member and UTC day they were told about care (issue 20): at most one notice a day. */
export interface TreeCareDaysTable {
  owner_id: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  told_at: Timestamp;
  tasks: number;
}

/**
 * 0027: each living tree's care rules with their next due date (issue 20), kept by the trees
 * repository's writes, so the dashboard reads a member's next due tasks and totals from an index.
 */
export interface TreeCareDueTable {
  tree_id: string;
  /** The rule's place in CARE_SCHEDULE (orders one tree's tasks of one day). */
  rule: number;
  owner_id: string;
  task: 'water' | 'weed' | 'mulch' | 'measure' | 'checkup';
  due_at: Timestamp;
  /** When the rule's age window closes; CARE_OPEN_END for the tree's whole life. */
  closes_at: Timestamp;
  last_done_at: Timestamp | null;
}

/** A gift of trees or cash; only provider events move its status (contract/donations.ts). */
export interface DonationsTable {
  id: string;
  donor_id: string;
  /** Null: the general fund. */
  drive_id: string | null;
  kind: 'trees' | 'cash';
  trees: number;
  /** What is charged, integer minor units of `currency`. */
  amount_minor: number;
  currency: string;
  category: string;
  message: string | null;
  /** 1: the donor's name is never shown to others. */
  anonymous: 0 | 1;
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
  provider: string;
  checkout_session_id: string | null;
  /** The provider's payment (Stripe: the PaymentIntent id), known once paid. */
  payment_ref: string | null;
  /** `CAN-<year>-<6 digits>`, given in the transaction that records the payment. */
  receipt_number: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  updated_at: Timestamp;
  /** 0011-nursery: the sapling reservation a tree donation is allocated to (priced at its nursery). */
  reservation_id: WithDefault<string | null>;
  /** 0017: how many of a tree gift's trees are planted (allocated), kept by the allocating writes. */
  planted_trees: WithDefault<number>;
  /** 0019: how many of its trees recipients claimed into their own forests (issue 19 §5). */
  claimed_trees: WithDefault<number>;
  /** 0051 (issue 22): the recurring gift this donation is one period of. */
  subscription_id: WithDefault<string | null>;
  /** 0051: the provider's invoice this period was paid by (one donation per invoice). */
  invoice_ref: WithDefault<string | null>;
  /** 0051: the corporate account the gift goes to (null: a drive or the general fund). */
  organisation_id: WithDefault<string | null>;
  /** 0051: when the card holder disputed the payment (the status is then `refunded`). */
  disputed_at: WithDefault<Timestamp | null>;
}

/** 0051 (issue 22): a monthly or yearly gift; each paid period is a donation naming it. */
export interface DonationSubscriptionsTable {
  id: string;
  donor_id: string;
  organisation_id: string | null;
  kind: 'trees' | 'cash';
  trees: number;
  /** Charged each period, integer minor units of `currency`. */
  amount_minor: number;
  currency: string;
  category: string;
  anonymous: 0 | 1;
  interval: 'month' | 'year';
  status: 'incomplete' | 'active' | 'paused' | 'past_due' | 'cancelled';
  provider: string;
  provider_ref: WithDefault<string | null>;
  first_donation_id: WithDefault<string | null>;
  next_at: WithDefault<Timestamp | null>;
  /** YYYY-MM-DD: no period is charged before this day. */
  pause_until: WithDefault<string | null>;
  cancel_at_period_end: WithDefault<0 | 1>;
  cancelled_at: WithDefault<Timestamp | null>;
  yearly_statement: WithDefault<0 | 1>;
  periods: WithDefault<number>;
  failure_reason: WithDefault<string | null>;
  reminded_for: WithDefault<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0051: the provider's customer for a member, made once and reused. */
export interface PaymentCustomersTable {
  user_id: string;
  provider: string;
  customer_ref: string;
  created_at: Timestamp;
}

/** 0019: a tree donation given to someone; only the claim code's SHA-256 is kept. */
export interface DonationGiftsTable {
  id: string;
  donation_id: string;
  /** 0-based order in its donation (a corporate gift has up to 500). */
  position: number;
  trees: number;
  recipient_name: string;
  recipient_email: string | null;
  message: string | null;
  /** YYYY-MM-DD (UTC) the mail goes out; null: at payment. */
  send_on: string | null;
  code_hash: string;
  code_version: WithDefault<number>;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  resends: WithDefault<number>;
  resend_window_at: Timestamp | null;
  created_at: Timestamp;
}

/** 0020: money received less refunds, per currency, kept by the fulfilment transaction (§7). */
export interface DonationTotalsTable {
  currency: string;
  amount_minor: WithDefault<number>;
  trees: WithDefault<number>;
  donations: WithDefault<number>;
}

/** 0017: plants of a registered tree record that carry a paid tree gift (issue 19 §1). */
export interface TreeGiftAllocationsTable {
  donation_id: string;
  tree_id: string;
  /** The gift's donor, copied so a member's forest reads this table alone. */
  donor_id: string;
  plants: number;
  created_at: Timestamp;
}

/** 0021: a drive's day-after reminder to record the planting, sent once per drive and start. */
export interface PlantingRemindersTable {
  drive_id: string;
  starts_at: Timestamp;
  sent_at: Timestamp;
}

/** 0021: what happened to a tree carrying a donor's gift, until the donor's news tells it. */
export interface GiftTreeEventsTable {
  id: string;
  donor_id: string;
  tree_id: string;
  kind: 'planted' | 'measured' | 'died' | 'replaced' | 'needs_care';
  cause: string | null;
  happened_at: Timestamp;
}

/** 0021: the record of a donor's tree news: one notice per donor and UTC day (YYYY-MM-DD). */
export interface GiftTreeNewsTable {
  donor_id: string;
  day: string;
  created_at: Timestamp;
}

/** 0021: the one-off allocation of older trees and gifts: its keyset cursor and end. */
/**
 * 0022-tree-map-index, SQLite only: an R*Tree over the trees with coordinates, kept in step with
 * `trees` by triggers (PostgreSQL has a GiST index on `point(lng, lat)` instead).
 */
export interface TreesGeoTable {
  id: Generated<number>;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  tree_id: string;
  species_id: number;
  status: TreesTable['status'];
  /** 0041: what a marker shows, so a street-zoom answer reads the index alone. */
  lat: number;
  lng: number;
  tree_count: number;
  alive_count: number;
  created_at: Timestamp;
}

/** 0033: the trees map's grid (per zoom level, cell, species or any, status or any). */
export interface TreeMapCellsTable {
  level: number;
  species_id: number;
  status: string;
  cy: number;
  cx: number;
  records: number;
  plants: ColumnType<number | string, number, number>;
  lat_e7: ColumnType<number | string, number, number>;
  lng_e7: ColumnType<number | string, number, number>;
}

export interface GiftAllocationBackfillTable {
  name: string;
  cursor_at: string;
  cursor_id: string;
  finished_at: Timestamp | null;
}

/** A provider event seen once (the primary key decides who handles it). */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  donation_id: string | null;
  outcome: 'applied' | 'ignored' | 'refused' | 'unmatched';
  received_at: Timestamp;
}

/** The last receipt number given in a year. */
export interface ReceiptCountersTable {
  year: number;
  last: number;
}

/** Name, address and tax id printed on a member's receipts. */
export interface BillingProfilesTable {
  user_id: string;
  billing_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  tax_id: string;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface OtpCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  attempts: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface ResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthAttemptsTable {
  id: string;
  kind:
    | 'login_failure_ip'
    | 'login_failure_account'
    | 'login_failure_pair'
    | 'login_success'
    | 'otp_request';
  subject: string;
  created_at: Timestamp;
}

/** A stored image, keyed by the SHA-256 of its (re-encoded) bytes. */
export interface FilesTable {
  id: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  owner_id: string | null;
  created_at: Timestamp;
}

export interface FileBlobsTable {
  file_id: string;
  data: Buffer;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** 0013: unread notices with the same key are merged into one row (e.g. joins and leaves of a drive). */
  group_key: WithDefault<string | null>;
  group_count: WithDefault<number>;
}

/** 0056: a member's `Idempotency-Key` and the first answer to it (issue 24). */
export interface IdempotencyKeysTable {
  user_id: string;
  idem_key: string;
  fingerprint: string;
  state: 'pending' | 'committed' | 'done';
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0013: a request counter shared by every app server: `count` hits until `reset_at`. */
export interface RateLimitHitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** A cached geocoder answer (JSON of what the API returns), keyed by normalised query. */
export interface GeocodeCacheTable {
  key: string;
  response: string;
  created_at: Timestamp;
}

/** A rate limit every app server shares: the next moment a request may go out. */
export interface RateSlotsTable {
  name: string;
  next_at: Timestamp;
}

/** A member's personal iCal feed: the address is HMAC(secret, user_id:nonce); rotating changes the nonce. */
export interface CalendarFeedsTable {
  user_id: string;
  nonce: string;
  token_hash: string;
  created_at: Timestamp;
}

/** A personal API token (read-only GETs): only the SHA-256 of the secret is kept. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  hint: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** 0011-nursery: a partner nursery's saplings of one species and size, with a pickup point. */
export interface NurseryStockTable {
  id: string;
  nursery_id: string;
  species_id: number;
  size: 'packet' | 'potted';
  quantity_available: number;
  price_minor: number;
  currency: string;
  pickup_lat: number;
  pickup_lng: number;
  pickup_location_text: string;
  notes: WithDefault<string>;
  /** Set instead of deleting stock that reservations name. */
  removed_at: WithDefault<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0011-nursery: saplings a drive's organiser reserved from a nursery's stock. */
export interface SaplingReservationsTable {
  id: string;
  drive_id: string;
  stock_id: string;
  nursery_id: string;
  organiser_id: string;
  quantity: number;
  unit_price_minor: number;
  currency: string;
  status: 'requested' | 'confirmed' | 'declined' | 'delivered' | 'cancelled';
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: WithDefault<Timestamp | null>;
  delivered_at: WithDefault<Timestamp | null>;
}

/** 0012: a member of an organisation (a corporate account), with the role they act in. */
export interface TeamMembersTable {
  organisation_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'member';
  joined_at: Timestamp;
}

/** 0012: a mailed invite to join an organisation; only the SHA-256 of the link token is kept. */
export interface TeamInvitesTable {
  id: string;
  organisation_id: string;
  email: string;
  role: 'owner' | 'admin' | 'member';
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
}

/** A mail queued in the writing transaction and delivered by the 'mail' job (server/modules/mail). */
export interface MailsTable {
  id: string;
  /** At most one mail per key (a reminder, a notice): a second send with it does nothing. */
  key: string | null;
  to_address: string;
  subject: string;
  /** Cleared once sent or failed, except where mail is kept for /dev/mail. */
  text_body: string | null;
  html_body: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** SQLite only: the jobs queue drained in-process (PostgreSQL uses graphile-worker's tables). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  key: string | null;
  run_at: Timestamp;
  attempts: number;
  max_attempts: number;
  status: 'pending' | 'running' | 'failed';
  last_error: string | null;
  locked_at: Timestamp | null;
  created_at: Timestamp;
}

/** SQLite only: the last minute each schedule was enqueued for. */
export interface JobScheduleRunsTable {
  name: string;
  last_tick: Timestamp;
}

/** 0015: a field update on a drive by its organiser side or a supplying nursery. */
export interface DriveUpdatesTable {
  id: string;
  drive_id: string;
  author_id: string;
  author_role: 'organiser' | 'team' | 'nursery';
  text: string;
  created_at: Timestamp;
  /** When the notices job told the drive's participants and donors; null until then. */
  notices_sent_at: Timestamp | null;
}

/** 0015: the photos of an update, in the order posted (0-based `position`). */
export interface DriveUpdatePhotosTable {
  update_id: string;
  position: number;
  file_id: string;
}

/**
 * 0052: a member's testimonial for the landing page (issue 23), owned by the users module: shown
 * only while `shown` is 1 (their consent); deleted with the account.
 */
export interface TestimonialsTable {
  user_id: string;
  quote: string;
  shown: 0 | 1;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0018: a member's public forest page (issue 19 §4), owned by the forest module. */
export interface ForestProfilesTable {
  user_id: string;
  /** Lower-case, unique: the page is `/forest/{handle}`. */
  handle: string;
  /** 1: public; 0: private (the page answers 404). */
  public: 0 | 1;
  updated_at: Timestamp;
}

export interface Database {
  mails: MailsTable;
  jobs: JobsTable;
  job_schedule_runs: JobScheduleRunsTable;
  nursery_stock: NurseryStockTable;
  sapling_reservations: SaplingReservationsTable;
  api_tokens: ApiTokensTable;
  calendar_feeds: CalendarFeedsTable;
  geocode_cache: GeocodeCacheTable;
  rate_slots: RateSlotsTable;
  rate_limit_hits: RateLimitHitsTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  file_blobs: FileBlobsTable;
  notifications: NotificationsTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  reset_tokens: ResetTokensTable;
  auth_attempts: AuthAttemptsTable;
  users: UsersTable;
  users_search: UsersSearchTable;
  testimonials: TestimonialsTable;
  drives: DrivesTable;
  drive_participants: DriveParticipantsTable;
  drive_organiser_months: DriveOrganiserMonthsTable;
  drive_map_cells: DriveMapCellsTable;
  drive_community_months: DriveCommunityMonthsTable;
  drive_countries: DriveCountriesTable;
  drive_attendance: DriveAttendanceTable;
  drive_attended_months: DriveAttendedMonthsTable;
  drive_member_totals: DriveMemberTotalsTable;
  drive_community_attended_months: DriveCommunityAttendedMonthsTable;
  trees: TreesTable;
  tree_owner_counts: TreeOwnerCountsTable;
  tree_replanting_counts: TreeReplantingCountsTable;
  tree_check_days: TreeCheckDaysTable;
  tree_measurements: TreeMeasurementsTable;
  tree_impact_cohorts: TreeImpactCohortsTable;
  tree_drive_days: TreeDriveDaysTable;
  tree_verification_drives: TreeVerificationDrivesTable;
  tree_organiser_periods: TreeOrganiserPeriodsTable;
  tree_impact_partials: TreeImpactPartialsTable;
  tree_chart_snapshots: TreeChartSnapshotsTable;
  tree_care_log: TreeCareLogTable;
  tree_care_settings: TreeCareSettingsTable;
  tree_care_notices: TreeCareNoticesTable;
  tree_care_days: TreeCareDaysTable;
  tree_care_due: TreeCareDueTable;
  tree_gift_allocations: TreeGiftAllocationsTable;
  planting_reminders: PlantingRemindersTable;
  gift_tree_events: GiftTreeEventsTable;
  gift_tree_news: GiftTreeNewsTable;
  gift_allocation_backfill: GiftAllocationBackfillTable;
  trees_geo: TreesGeoTable;
  tree_map_cells: TreeMapCellsTable;
  donations: DonationsTable;
  donation_gifts: DonationGiftsTable;
  donation_subscriptions: DonationSubscriptionsTable;
  payment_customers: PaymentCustomersTable;
  payment_events: PaymentEventsTable;
  receipt_counters: ReceiptCountersTable;
  donation_totals: DonationTotalsTable;
  donation_donor_totals: DonationDonorTotalsTable;
  donation_drive_days: DonationDriveDaysTable;
  donation_organiser_periods: DonationOrganiserPeriodsTable;
  billing_profiles: BillingProfilesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  team_members: TeamMembersTable;
  team_invites: TeamInvitesTable;
  drive_updates: DriveUpdatesTable;
  drive_update_photos: DriveUpdatePhotosTable;
  forest_profiles: ForestProfilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type NewDrive = Insertable<DrivesTable>;
export type DriveRow = Selectable<DrivesTable>;
export type NewTree = Insertable<TreesTable>;
export type TreeRow = Selectable<TreesTable>;
export type NewDonation = Insertable<DonationsTable>;
export type DonationRow = Selectable<DonationsTable>;
export type DonationSubscriptionRow = Selectable<DonationSubscriptionsTable>;
export type DonationGiftRow = Selectable<DonationGiftsTable>;
export type BillingProfileRow = Selectable<BillingProfilesTable>;
export type FileRow = Selectable<FilesTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
// Kept so later tables can use generated columns without another import.
export type { Generated };
