import { describe, expect, it } from 'vitest';
import { formatDriveTime } from '../../lib/dates';
import { driveClusterPoints } from './format';

describe('driveClusterPoints', () => {
  it('puts each drive on the map by name, with its start in its own zone under it', () => {
    const points = driveClusterPoints([
      {
        id: 'c',
        driveName: 'Lodhi Garden neem',
        driveDate: '2099-06-01T03:30:00.000Z',
        driveLat: 28.5933,
        driveLong: 77.2197,
        timeZone: 'Asia/Kolkata',
      },
    ]);
    expect(points).toEqual([
      {
        id: 'c',
        lat: 28.5933,
        lng: 77.2197,
        title: 'Lodhi Garden neem',
        detail: formatDriveTime('2099-06-01T03:30:00.000Z', 'Asia/Kolkata'),
      },
    ]);
    // 03:30 UTC is 09:00 in Delhi: the detail is the drive's local time, its zone named.
    expect(points[0]!.detail).toMatch(/9:00.*Asia\/Kolkata/);
  });
});
