import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { FILE_MESSAGES } from '../../../contract/files';
import { ApiError } from '../../lib/api-client';
import {
  buildFormData,
  driveFormResolver,
  fieldOfFailure,
  firstError,
  initialValues,
  type DriveFormMode,
  type DriveFormValues,
} from './drive-form-values';

const NOW = new Date('2026-06-01T10:00:00Z');

/** Each field's message, as the form shows it. */
async function validateDrive(
  values: DriveFormValues,
  mode: DriveFormMode,
  { originalDate }: { originalDate?: string } = {},
) {
  const resolver = driveFormResolver(mode, { originalDate, now: () => NOW });
  const options = {
    fields: {},
    shouldUseNativeValidation: false,
  } as unknown as ResolverOptions<DriveFormValues>;
  const { errors } = await resolver(values, undefined, options);
  return Object.fromEntries(
    Object.entries(errors as FieldErrors<DriveFormValues>).map(([field, error]) => [
      field,
      error?.message,
    ]),
  );
}

const filled = (): DriveFormValues => ({
  ...initialValues(undefined, NOW),
  driveName: '  River planting ',
  treeQuantity: '250',
  driveDate: new Date('2026-07-04T09:30:00Z'),
  country: 'IN',
  driveLocation: 'Lodhi Garden, New Delhi, India',
  driveDesc: 'Bring gloves.',
  point: { lat: 28.5933, lng: 77.2197 },
  treeSize: ['packet', 'potted'],
  treesType: ['1', '2', '70'],
  treeSponsored: ['Acme', 'Green Co'],
  landDonatedBy: [
    { value: 'u-1', label: 'Acme Ltd' },
    { value: 'u-2', label: 'Leaf Inc' },
  ],
  driveDuration: '3',
  image: new File([new Uint8Array([0xff, 0xd8, 0xff])], 'drive.jpg', { type: 'image/jpeg' }),
});

describe('driveFormResolver', () => {
  it("gives the spec's messages for an empty new drive, in screen order", async () => {
    const values = { ...initialValues(undefined, NOW), driveDate: null };
    const errors = await validateDrive(values, 'create');
    expect(errors).toEqual({
      driveName: DRIVE_MESSAGES.nameRequired,
      treeQuantity: DRIVE_MESSAGES.quantityRequired,
      driveDate: DRIVE_MESSAGES.dateRequired,
      country: DRIVE_MESSAGES.countryRequired,
      point: DRIVE_MESSAGES.locationRequired,
      treeSize: DRIVE_MESSAGES.sizeRequired,
      treesType: DRIVE_MESSAGES.typeRequired,
      image: DRIVE_MESSAGES.imageRequired,
    });
    expect(firstError(errors as FieldErrors<DriveFormValues>)).toBe('driveName');
  });

  it('accepts a complete drive; the image is optional when editing', async () => {
    expect(await validateDrive(filled(), 'create')).toEqual({});
    expect(await validateDrive({ ...filled(), image: null }, 'edit')).toEqual({});
    expect(await validateDrive({ ...filled(), image: null }, 'create')).toEqual({
      image: DRIVE_MESSAGES.imageRequired,
    });
  });

  it('reports typed text that is not a date, and dates the server would refuse', async () => {
    expect(
      (
        await validateDrive(
          { ...filled(), driveDate: null, driveDateText: 'next tuesday' },
          'create',
        )
      ).driveDate,
    ).toBe(DRIVE_MESSAGES.dateInvalid);
    const past = new Date('2026-05-01T10:00:00Z');
    expect((await validateDrive({ ...filled(), driveDate: past }, 'create')).driveDate).toBe(
      DRIVE_MESSAGES.dateInPast,
    );
    const farOff = new Date('2031-06-02T10:00:00Z');
    expect((await validateDrive({ ...filled(), driveDate: farOff }, 'create')).driveDate).toBe(
      DRIVE_MESSAGES.dateTooFar,
    );
    // An edit that keeps a past drive's date is fine.
    expect(
      (
        await validateDrive({ ...filled(), driveDate: past }, 'edit', {
          originalDate: past.toISOString(),
        })
      ).driveDate,
    ).toBeUndefined();
  });

  it('checks quantity and lengths with the contract rules', async () => {
    const errors = await validateDrive(
      { ...filled(), treeQuantity: '0', driveName: 'x'.repeat(121) },
      'create',
    );
    expect(errors.treeQuantity).toBe(DRIVE_MESSAGES.quantityInvalid);
    expect(errors.driveName).toBe(DRIVE_MESSAGES.nameTooLong);
  });

  it('places the land donors and the map point on their fields', async () => {
    const errors = await validateDrive(
      {
        ...filled(),
        point: { lat: 95, lng: 0 },
        landDonatedBy: Array.from({ length: 11 }, (_, i) => ({ value: `u-${i}`, label: `U${i}` })),
      },
      'create',
    );
    expect(Object.keys(errors).sort()).toEqual(['landDonatedBy', 'point']);
  });
});

describe('buildFormData', () => {
  it("sends the spec's names, lists as repeated fields and the image under treedriveImage", () => {
    const body = buildFormData(filled());
    expect(body.get('driveName')).toBe('River planting');
    expect(body.get('treeQuantity')).toBe('250');
    expect(body.get('driveDate')).toBe('2026-07-04T09:30:00.000Z');
    expect(body.get('country')).toBe('IN');
    expect(body.get('driveLocation')).toBe('Lodhi Garden, New Delhi, India');
    expect(body.get('driveDesc')).toBe('Bring gloves.');
    expect(body.get('driveLat')).toBe('28.5933');
    expect(body.get('driveLong')).toBe('77.2197');
    expect(body.getAll('treeSize')).toEqual(['packet', 'potted']);
    expect(body.getAll('treesType')).toEqual(['1', '2', '70']);
    expect(body.getAll('treeSponsored')).toEqual(['Acme', 'Green Co']);
    expect(body.getAll('landDonatedBy')).toEqual(['Acme Ltd', 'Leaf Inc']);
    expect(body.getAll('landDonatedById')).toEqual(['u-1', 'u-2']);
    expect(body.get('driveDuration')).toBe('3');
    const image = body.get('treedriveImage');
    expect(image).toBeInstanceOf(File);
    expect((image as File).name).toBe('drive.jpg');
  });

  it('leaves empty lists and a missing image out', () => {
    const body = buildFormData({ ...filled(), treeSponsored: [], landDonatedBy: [], image: null });
    expect(body.has('treeSponsored')).toBe(false);
    expect(body.has('landDonatedById')).toBe(false);
    expect(body.has('treedriveImage')).toBe(false);
  });
});

describe('initialValues', () => {
  it('defaults the date to the next full hour (never past once saved) and the duration to one hour', () => {
    const values = initialValues(undefined, new Date(2026, 5, 1, 10, 17, 42));
    expect(values.driveDate).toEqual(new Date(2026, 5, 1, 11, 0, 0, 0));
    expect(values.driveDuration).toBe('1');
    expect(initialValues(undefined, new Date(2026, 5, 1, 10, 0)).driveDate).toEqual(
      new Date(2026, 5, 1, 11, 0),
    );
  });
});

describe('fieldOfFailure', () => {
  it("places a refused field's message beside it", () => {
    const refusal = (message: string, status = 400) =>
      new ApiError(status, message, 'VALIDATION_FAILED');
    expect(fieldOfFailure(refusal(DRIVE_MESSAGES.dateInPast))).toEqual({
      field: 'driveDate',
      message: DRIVE_MESSAGES.dateInPast,
    });
    expect(fieldOfFailure(refusal(DRIVE_MESSAGES.landDonorsInvalid))?.field).toBe('landDonatedBy');
    expect(fieldOfFailure(refusal(FILE_MESSAGES.unreadable))?.field).toBe('image');
    expect(fieldOfFailure(refusal('Something else.'))).toBeUndefined();
    expect(fieldOfFailure(refusal(DRIVE_MESSAGES.corporateOnly, 403))).toBeUndefined();
    expect(fieldOfFailure(new ApiError(413, 'Too big', 'PAYLOAD_TOO_LARGE'))?.field).toBe('image');
  });
});
