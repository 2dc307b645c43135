import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { FILE_MESSAGES } from '../../../contract/files';
import { ApiError } from '../../lib/api-client';
import {
  buildFormData,
  dateProblem,
  fieldOfFailure,
  firstError,
  initialState,
  validateDrive,
  type DriveFormState,
} from './drive-form-state';

const NOW = new Date('2026-06-01T10:00:00Z');

const filled = (): DriveFormState => ({
  ...initialState(undefined, NOW),
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

describe('validateDrive', () => {
  it("gives the spec's messages for an empty new drive, in screen order", () => {
    const state = { ...initialState(undefined, NOW), driveDate: null };
    const errors = validateDrive(state, 'create', { now: NOW });
    expect(errors).toEqual({
      driveName: DRIVE_MESSAGES.nameRequired,
      treeQuantity: DRIVE_MESSAGES.quantityRequired,
      driveDate: DRIVE_MESSAGES.dateRequired,
      country: DRIVE_MESSAGES.countryRequired,
      location: DRIVE_MESSAGES.locationRequired,
      treeSize: DRIVE_MESSAGES.sizeRequired,
      treesType: DRIVE_MESSAGES.typeRequired,
      treedriveImage: DRIVE_MESSAGES.imageRequired,
    });
    expect(firstError(errors)).toBe('driveName');
  });

  it('accepts a complete drive; the image is optional when editing', () => {
    expect(validateDrive(filled(), 'create', { now: NOW })).toEqual({});
    expect(validateDrive({ ...filled(), image: null }, 'edit', { now: NOW })).toEqual({});
    expect(validateDrive({ ...filled(), image: null }, 'create', { now: NOW })).toEqual({
      treedriveImage: DRIVE_MESSAGES.imageRequired,
    });
  });

  it('reports typed text that is not a date, and dates the server would refuse', () => {
    expect(
      validateDrive({ ...filled(), driveDate: null, driveDateText: 'next tuesday' }, 'create', {
        now: NOW,
      }).driveDate,
    ).toBe(DRIVE_MESSAGES.dateInvalid);
    const past = new Date('2026-05-01T10:00:00Z');
    expect(validateDrive({ ...filled(), driveDate: past }, 'create', { now: NOW }).driveDate).toBe(
      DRIVE_MESSAGES.dateInPast,
    );
    // An edit that keeps a past drive's date is fine.
    expect(
      validateDrive({ ...filled(), driveDate: past }, 'edit', {
        now: NOW,
        originalDate: past.toISOString(),
      }).driveDate,
    ).toBeUndefined();
  });

  it('checks quantity and lengths with the contract rules', () => {
    const errors = validateDrive(
      { ...filled(), treeQuantity: '0', driveName: 'x'.repeat(121) },
      'create',
      { now: NOW },
    );
    expect(errors.treeQuantity).toBe(DRIVE_MESSAGES.quantityInvalid);
    expect(errors.driveName).toBe(DRIVE_MESSAGES.nameTooLong);
  });
});

describe('dateProblem', () => {
  it('allows a few minutes of grace and at most five years ahead', () => {
    expect(dateProblem(new Date(NOW.getTime() - 10 * 60_000), NOW)).toBeUndefined();
    expect(dateProblem(new Date(NOW.getTime() - 20 * 60_000), NOW)).toBe(DRIVE_MESSAGES.dateInPast);
    expect(dateProblem(new Date('2031-05-31T10:00:00Z'), NOW)).toBeUndefined();
    expect(dateProblem(new Date('2031-06-02T10:00:00Z'), NOW)).toBe(DRIVE_MESSAGES.dateTooFar);
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

describe('initialState', () => {
  it('defaults the date to now and the duration to one hour', () => {
    const state = initialState(undefined, NOW);
    expect(state.driveDate).toEqual(NOW);
    expect(state.driveDuration).toBe('1');
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
    expect(fieldOfFailure(refusal(FILE_MESSAGES.unreadable))?.field).toBe('treedriveImage');
    expect(fieldOfFailure(refusal('Something else.'))).toBeUndefined();
    expect(fieldOfFailure(refusal(DRIVE_MESSAGES.corporateOnly, 403))).toBeUndefined();
    expect(fieldOfFailure(new ApiError(413, 'Too big', 'PAYLOAD_TOO_LARGE'))?.field).toBe(
      'treedriveImage',
    );
  });
});
