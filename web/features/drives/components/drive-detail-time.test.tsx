// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/dates';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { DriveDetailView } from './drive-detail-view';

vi.mock('../../../components/ui/map', () => ({ PointMap: () => null }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DriveDetailView times', () => {
  it("shows the drive's local time with its zone, and the visitor's own time when it differs", () => {
    answerFetch(200, { success: true, data: [] });
    const drive = { ...buildDrive({ timeZone: 'Asia/Kolkata' }), participants: [] };
    renderWithApp(<DriveDetailView drive={drive} />);
    const times = screen.getAllByText(/\(Asia\/Kolkata, GMT\+5:30\)$/);
    expect(times.some((el) => el.getAttribute('datetime') === drive.driveDate)).toBe(true);
    const yours = screen.queryByTestId('drive-your-time');
    if (browserTimeZone() === 'Asia/Kolkata') expect(yours).not.toBeInTheDocument();
    else expect(yours).toHaveTextContent(new RegExp(`^Your time: .*\\(${browserTimeZone()}, GMT`));
  });

  it('does not repeat the time for a visitor in the same zone', () => {
    answerFetch(200, { success: true, data: [] });
    const drive = { ...buildDrive({ timeZone: browserTimeZone() }), participants: [] };
    renderWithApp(<DriveDetailView drive={drive} />);
    expect(screen.queryByTestId('drive-your-time')).not.toBeInTheDocument();
  });
});
