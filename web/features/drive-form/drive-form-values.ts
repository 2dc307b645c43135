import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { FILE_MESSAGES } from '../../../contract/files';
import {
  DRIVE_MESSAGES,
  driveDateProblem,
  driveFormSchema,
  type DriveDetail,
  type DriveFormInput,
  type Option,
} from '../../../contract/drives';
import { GEO_MESSAGES } from '../../../contract/geo';
import { ApiError } from '../../lib/api-client';
import { nextFullHour } from '../../lib/dates';

export type DriveFormMode = 'create' | 'edit';

/** What the form holds (react-hook-form's values); `toWire` turns it into the spec's field names. */
export interface DriveFormValues {
  driveName: string;
  treeQuantity: string;
  driveDate: Date | null;
  /** Typed text the picker could not read as a date (null when the text is a date or empty). */
  driveDateText: string | null;
  country: string;
  driveLocation: string;
  driveDesc: string;
  /** The point chosen on the map (driveLat / driveLong). */
  point: { lat: number; lng: number } | null;
  treeSize: string[];
  treesType: string[];
  treeSponsored: string[];
  /** value = the member's id, label = their name. */
  landDonatedBy: Option[];
  driveDuration: string;
  /** The chosen file (treedriveImage). */
  image: File | null;
  /** Edit: the drive's current image address (kept unless a new file is chosen). */
  existingImage: string;
}

/** The fields an error can belong to, in screen order. */
export const ERROR_FIELDS = [
  'driveName',
  'treeQuantity',
  'treesType',
  'treeSize',
  'driveDate',
  'driveDuration',
  'country',
  'point',
  'driveLocation',
  'driveDesc',
  'treeSponsored',
  'landDonatedBy',
  'image',
] as const satisfies readonly (keyof DriveFormValues)[];
export type ErrorField = (typeof ERROR_FIELDS)[number];

/** The wire field a schema issue names → the form field its message belongs to. */
const FIELD_OF_WIRE: Record<string, ErrorField> = {
  driveLat: 'point',
  driveLong: 'point',
  landDonatedById: 'landDonatedBy',
  treedriveImage: 'image',
};
const errorFieldOf = (wire: string): ErrorField | undefined =>
  FIELD_OF_WIRE[wire] ?? ERROR_FIELDS.find((field) => field === wire);

export function initialValues(drive?: DriveDetail, now = new Date()): DriveFormValues {
  if (!drive)
    return {
      driveName: '',
      treeQuantity: '',
      // Spec: "defaults to now"; the next full hour, so a drive saved as is is not already past.
      driveDate: nextFullHour(now),
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
export function toWire(values: DriveFormValues) {
  return {
    driveName: values.driveName.trim(),
    treeQuantity: values.treeQuantity.trim(),
    driveDate:
      values.driveDate && !Number.isNaN(values.driveDate.getTime())
        ? values.driveDate.toISOString()
        : '',
    country: values.country,
    driveLocation: values.driveLocation.trim(),
    driveDesc: values.driveDesc.trim(),
    driveLat: values.point ? String(values.point.lat) : '',
    driveLong: values.point ? String(values.point.lng) : '',
    treeSize: values.treeSize,
    treesType: values.treesType,
    treeSponsored: values.treeSponsored,
    landDonatedBy: values.landDonatedBy.map((o) => o.label),
    landDonatedById: values.landDonatedBy.map((o) => o.value),
    driveDuration: values.driveDuration,
  } satisfies DriveFormInput;
}

const wireResolver = zodResolver(driveFormSchema, undefined, { mode: 'sync' });
const problem = (message: string): FieldError => ({ type: 'validate', message });

/**
 * The drive form's resolver: the values are put on the wire and checked with the contract's
 * schema (as the server checks them), each message placed on the field it is about; then the
 * rules outside the schema: typed text that is no date, the date window (contract's
 * `driveDateProblem`; an edit may keep a past date) and, when creating, the image.
 */
export function driveFormResolver(
  mode: DriveFormMode,
  { originalDate, now = () => new Date() }: { originalDate?: string; now?: () => Date } = {},
): Resolver<DriveFormValues> {
  return async (values, context, options) => {
    const checked = await wireResolver(toWire(values), context, {
      ...options,
      fields: {},
      names: undefined,
    } as never);
    const errors: FieldErrors<DriveFormValues> = {};
    for (const [wire, error] of Object.entries(checked.errors as Record<string, FieldError>)) {
      const field = errorFieldOf(wire);
      if (field && !errors[field] && error.message) errors[field] = problem(error.message);
    }
    if (values.driveDateText !== null && values.driveDateText.trim() !== '')
      errors.driveDate = problem(DRIVE_MESSAGES.dateInvalid);
    else if (!errors.driveDate && values.driveDate) {
      const message = driveDateProblem(values.driveDate.toISOString(), now(), originalDate);
      if (message) errors.driveDate = problem(message);
    }
    if (mode === 'create' && !values.image) errors.image = problem(DRIVE_MESSAGES.imageRequired);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The first field with an error, in screen order. */
export const firstError = (errors: FieldErrors<DriveFormValues>): ErrorField | undefined =>
  ERROR_FIELDS.find((field) => errors[field]);

/** The multipart body: lists as repeated fields, the date as ISO, the image under treedriveImage. */
export function buildFormData(values: DriveFormValues): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(toWire(values))) {
    if (Array.isArray(value)) for (const item of value) body.append(name, item);
    else body.append(name, value);
  }
  if (values.image) body.append('treedriveImage', values.image, values.image.name);
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
  [DRIVE_MESSAGES.locationRequired]: 'point',
  [GEO_MESSAGES.latRange]: 'point',
  [GEO_MESSAGES.lonRange]: 'point',
  [DRIVE_MESSAGES.locationTooLong]: 'driveLocation',
  [DRIVE_MESSAGES.descriptionTooLong]: 'driveDesc',
  [DRIVE_MESSAGES.imageRequired]: 'image',
  [FILE_MESSAGES.missing]: 'image',
  [FILE_MESSAGES.notImage]: 'image',
  [FILE_MESSAGES.tooLarge]: 'image',
  [FILE_MESSAGES.tooManyPixels]: 'image',
  [FILE_MESSAGES.unreadable]: 'image',
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
  if (error.status === 413) return { field: 'image', message: FILE_MESSAGES.tooLarge };
  if (error.status !== 400 && error.status !== 415 && error.status !== 422) return undefined;
  const field = FIELD_OF_MESSAGE[error.message];
  return field ? { field, message: error.message } : undefined;
}
