import { FILE_MESSAGES } from '../../../contract/files';
import {
  DRIVE_LIMITS,
  DRIVE_MESSAGES,
  driveFormSchema,
  type DriveDetail,
  type DriveFormInput,
  type Option,
} from '../../../contract/drives';
import { GEO_MESSAGES } from '../../../contract/geo';
import { ApiError } from '../../lib/api-client';

export type DriveFormMode = 'create' | 'edit';

/** What the form holds; `toWire` turns it into the spec's field names. */
export interface DriveFormState {
  driveName: string;
  treeQuantity: string;
  driveDate: Date | null;
  /** Typed text the picker could not read as a date (null when the text is a date or empty). */
  driveDateText: string | null;
  country: string;
  driveLocation: string;
  driveDesc: string;
  point: { lat: number; lng: number } | null;
  treeSize: string[];
  treesType: string[];
  treeSponsored: string[];
  /** value = the member's id, label = their name. */
  landDonatedBy: Option[];
  driveDuration: string;
  image: File | null;
  /** Edit: the drive's current image address (kept unless a new file is chosen). */
  existingImage: string;
}

/** Where an error shows: the form's fields in screen order ("location" is the map). */
export const ERROR_FIELDS = [
  'driveName',
  'treeQuantity',
  'driveDate',
  'country',
  'location',
  'driveLocation',
  'driveDesc',
  'treeSize',
  'treeSponsored',
  'treesType',
  'landDonatedBy',
  'driveDuration',
  'treedriveImage',
] as const;
export type ErrorField = (typeof ERROR_FIELDS)[number];
export type DriveFormErrors = Partial<Record<ErrorField, string>>;

/** The wire field a schema issue names → the place on screen its message belongs. */
const FIELD_OF_WIRE: Record<string, ErrorField> = {
  driveLat: 'location',
  driveLong: 'location',
  landDonatedById: 'landDonatedBy',
};
const errorFieldOf = (wire: string): ErrorField | undefined =>
  FIELD_OF_WIRE[wire] ?? ERROR_FIELDS.find((field) => field === wire);

export function initialState(drive?: DriveDetail, now = new Date()): DriveFormState {
  if (!drive)
    return {
      driveName: '',
      treeQuantity: '',
      driveDate: now, // Spec: the date defaults to now.
      driveDateText: null,
      country: '',
      driveLocation: '',
      driveDesc: '',
      point: null,
      treeSize: [],
      treesType: [],
      treeSponsored: [],
      landDonatedBy: [],
      driveDuration: '1',
      image: null,
      existingImage: '',
    };
  return {
    driveName: drive.driveName,
    treeQuantity: String(drive.treeQuantity),
    driveDate: new Date(drive.driveDate),
    driveDateText: null,
    country: drive.country.value,
    driveLocation: drive.driveLocation,
    driveDesc: drive.driveDesc,
    point: { lat: drive.driveLat, lng: drive.driveLong },
    treeSize: drive.treeSize.map((o) => o.value),
    treesType: drive.treesType.map((o) => o.value),
    treeSponsored: drive.treeSponsored.map((o) => o.label),
    landDonatedBy: drive.landDonatedBy.map((o) => ({ value: o.value, label: o.label })),
    driveDuration: drive.driveDuration.value,
    image: null,
    existingImage: drive.image,
  };
}

/** The form as it travels: text fields and lists under the spec's names (the image apart). */
export function toWire(state: DriveFormState) {
  return {
    driveName: state.driveName.trim(),
    treeQuantity: state.treeQuantity.trim(),
    driveDate:
      state.driveDate && !Number.isNaN(state.driveDate.getTime())
        ? state.driveDate.toISOString()
        : '',
    country: state.country,
    driveLocation: state.driveLocation.trim(),
    driveDesc: state.driveDesc.trim(),
    driveLat: state.point ? String(state.point.lat) : '',
    driveLong: state.point ? String(state.point.lng) : '',
    treeSize: state.treeSize,
    treesType: state.treesType,
    treeSponsored: state.treeSponsored,
    landDonatedBy: state.landDonatedBy.map((o) => o.label),
    landDonatedById: state.landDonatedBy.map((o) => o.value),
    driveDuration: state.driveDuration,
  } satisfies DriveFormInput;
}

/** The rules the server adds to the schema for the date (past / too far ahead). */
export function dateProblem(date: Date, now: Date): string | undefined {
  if (date.getTime() < now.getTime() - DRIVE_LIMITS.pastGraceMinutes * 60_000)
    return DRIVE_MESSAGES.dateInPast;
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + DRIVE_LIMITS.yearsAhead);
  if (date.getTime() > latest.getTime()) return DRIVE_MESSAGES.dateTooFar;
  return undefined;
}

/**
 * Every field's first problem, checked with the contract's schema (as the server checks it) plus
 * the typed-date, date-range and image rules. `originalDate` (edit) may stay in the past.
 */
export function validateDrive(
  state: DriveFormState,
  mode: DriveFormMode,
  { now = new Date(), originalDate }: { now?: Date; originalDate?: string } = {},
): DriveFormErrors {
  const errors: DriveFormErrors = {};
  const wire = toWire(state);
  const result = driveFormSchema.safeParse(wire);
  if (!result.success)
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      const field = typeof name === 'string' ? errorFieldOf(name) : undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  if (state.driveDateText !== null && state.driveDateText.trim() !== '')
    errors.driveDate = DRIVE_MESSAGES.dateInvalid;
  else if (!errors.driveDate && state.driveDate) {
    const unchanged =
      originalDate !== undefined && Date.parse(originalDate) === state.driveDate.getTime();
    const problem = unchanged ? undefined : dateProblem(state.driveDate, now);
    if (problem) errors.driveDate = problem;
  }
  if (mode === 'create' && !state.image) errors.treedriveImage = DRIVE_MESSAGES.imageRequired;
  return errors;
}

/** The first field with an error, in screen order. */
export const firstError = (errors: DriveFormErrors): ErrorField | undefined =>
  ERROR_FIELDS.find((field) => errors[field]);

/** The multipart body: lists as repeated fields, the date as ISO, the image under treedriveImage. */
export function buildFormData(state: DriveFormState): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(toWire(state))) {
    if (Array.isArray(value)) for (const item of value) body.append(name, item);
    else body.append(name, value);
  }
  if (state.image) body.append('treedriveImage', state.image, state.image.name);
  return body;
}

/** Server messages that belong beside one field (the server names the same rules). */
const FIELD_OF_MESSAGE: Record<string, ErrorField> = {
  [DRIVE_MESSAGES.nameRequired]: 'driveName',
  [DRIVE_MESSAGES.nameTooLong]: 'driveName',
  [DRIVE_MESSAGES.quantityRequired]: 'treeQuantity',
  [DRIVE_MESSAGES.quantityInvalid]: 'treeQuantity',
  [DRIVE_MESSAGES.dateRequired]: 'driveDate',
  [DRIVE_MESSAGES.dateInvalid]: 'driveDate',
  [DRIVE_MESSAGES.dateInPast]: 'driveDate',
  [DRIVE_MESSAGES.dateTooFar]: 'driveDate',
  [DRIVE_MESSAGES.countryRequired]: 'country',
  [DRIVE_MESSAGES.countryUnknown]: 'country',
  [DRIVE_MESSAGES.locationRequired]: 'location',
  [GEO_MESSAGES.latRange]: 'location',
  [GEO_MESSAGES.lonRange]: 'location',
  [DRIVE_MESSAGES.locationTooLong]: 'driveLocation',
  [DRIVE_MESSAGES.descriptionTooLong]: 'driveDesc',
  [DRIVE_MESSAGES.imageRequired]: 'treedriveImage',
  [FILE_MESSAGES.missing]: 'treedriveImage',
  [FILE_MESSAGES.notImage]: 'treedriveImage',
  [FILE_MESSAGES.tooLarge]: 'treedriveImage',
  [FILE_MESSAGES.tooManyPixels]: 'treedriveImage',
  [FILE_MESSAGES.unreadable]: 'treedriveImage',
  [DRIVE_MESSAGES.sizeRequired]: 'treeSize',
  [DRIVE_MESSAGES.sizeUnknown]: 'treeSize',
  [DRIVE_MESSAGES.typeRequired]: 'treesType',
  [DRIVE_MESSAGES.typeUnknown]: 'treesType',
  [DRIVE_MESSAGES.sponsorsInvalid]: 'treeSponsored',
  [DRIVE_MESSAGES.landDonorsInvalid]: 'landDonatedBy',
  [DRIVE_MESSAGES.durationUnknown]: 'driveDuration',
};

/** The field a refused save is about, with the message to show there. */
export function fieldOfFailure(error: unknown): { field: ErrorField; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // A body over the upload limit is refused before the server reads the fields.
  if (error.status === 413) return { field: 'treedriveImage', message: FILE_MESSAGES.tooLarge };
  if (error.status !== 400 && error.status !== 415 && error.status !== 422) return undefined;
  const field = FIELD_OF_MESSAGE[error.message];
  return field ? { field, message: error.message } : undefined;
}
