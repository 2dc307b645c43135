// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { formatDriveRange } from '../../../lib/dates';
import { formatDriveWhen } from '../format';
import { DriveCard } from './drive-card';

afterEach(cleanup);

describe('DriveCard', () => {
  it('shows the photo, when and where, trees, organiser and participants, and links to the drive', () => {
    const drive = buildDrive({ participantCount: 3 });
    renderWithApp(<DriveCard drive={drive} />);
    const card = screen.getByRole('article', { name: 'River oaks' });
    expect(within(card).getByRole('link', { name: 'River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(within(card).getByRole('img', { name: 'Photo of River oaks' })).toHaveAttribute(
      'src',
      '/api/files/abc',
    );
    expect(
      within(card).getByText(formatDriveWhen(drive.driveDate, drive.driveEndDate, drive.timeZone)),
    ).toHaveAttribute('datetime', drive.driveDate);
    expect(within(card).getByTestId('drive-place')).toHaveTextContent(
      'Cubbon Park, Bengaluru, India',
    );
    expect(within(card).getByText('1,200 trees')).toBeInTheDocument();
    expect(within(card).getByText('3 participants')).toBeInTheDocument();
    expect(within(card).getByText('Organised by Rowan Oak')).toBeInTheDocument();
    expect(within(card).queryByText('Joined')).not.toBeInTheDocument();
  });

  it('falls back to a placeholder without a photo or when it fails, and marks where I stand', () => {
    renderWithApp(
      <DriveCard
        drive={buildDrive({
          image: '',
          joined: true,
          isPast: true,
          participantCount: 1,
          treeQuantity: 1,
          driveLocation: 'Bengaluru, India',
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'No photo yet for River oaks' })).toBeInTheDocument();
    expect(screen.getByText('Joined')).toBeInTheDocument();
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.getByText('1 participant')).toBeInTheDocument();
    expect(screen.getByText('1 tree')).toBeInTheDocument();
    // An address that already names the country does not repeat it.
    expect(screen.getByTestId('drive-place')).toHaveTextContent(/^Bengaluru, India$/);
  });

  it('swaps a photo that fails to load for the placeholder', () => {
    renderWithApp(<DriveCard drive={buildDrive()} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo of River oaks' }));
    expect(screen.getByRole('img', { name: 'No photo yet for River oaks' })).toBeInTheDocument();
  });
});

describe('formatDriveWhen', () => {
  it("gives the day and time range in the drive's zone, naming the zone (lib/dates formats)", () => {
    const when = formatDriveWhen('2026-03-14T10:00:00.000Z', '2026-03-14T12:00:00.000Z', 'UTC');
    expect(when).toBe(
      formatDriveRange('2026-03-14T10:00:00.000Z', '2026-03-14T12:00:00.000Z', 'UTC'),
    );
    expect(when).toMatch(/14.*2026.*\(UTC, GMT\+0\)$/);
    expect(
      formatDriveWhen('2026-03-14T23:00:00.000Z', '2026-03-15T01:00:00.000Z', 'Asia/Kolkata'),
    ).toMatch(/15.*2026.*\(Asia\/Kolkata, GMT\+5:30\)$/);
    expect(formatDriveWhen('nonsense', 'nonsense')).toBe('');
  });
});
