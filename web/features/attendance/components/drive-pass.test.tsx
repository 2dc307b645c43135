// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_MESSAGES } from '../../../../contract/attendance';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import DrivePassCard, { groupedCode, qrImageSource } from './drive-pass';
import { VolunteerCertificateCard, certificateYears } from './volunteer-certificate';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete document.documentElement.dataset.print;
});

// A hostile SVG: it must stay an image, never markup of the page.
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>';

function servePass(status = 200) {
  return routeFetch((url) =>
    url.pathname === '/api/drives/d-1/pass'
      ? status === 200
        ? { status, body: { success: true, data: { code: 'K7QX-M2PA-9TWE-4HRB', qrSvg: SVG } } }
        : {
            status,
            body: {
              success: false,
              message: ATTENDANCE_MESSAGES.passParticipantsOnly,
              code: 'FORBIDDEN',
            },
          }
      : undefined,
  );
}

const card = (
  <DrivePassCard driveId="d-1" driveName="River oaks" when="14 Mar 2026, 10:00" holder="Asha" />
);

describe('the pass on the drive page', () => {
  it('shows the QR code as an image and the code in groups', async () => {
    servePass();
    renderWithApp(card);
    const qr = await screen.findByRole('img', { name: 'QR code of your pass for River oaks' });
    expect(qr).toHaveAttribute('src', qrImageSource(SVG));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('pass-code')).toHaveTextContent('K7QX M2PA 9TWE 4HRB');
    expect(screen.getByRole('region', { name: 'Your pass' })).toBeInTheDocument();
  });

  it('prints the pass alone, then lets the page print as usual again', async () => {
    const user = userEvent.setup();
    servePass();
    let during: string | undefined;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      during = document.documentElement.dataset.print;
    });
    renderWithApp(card);
    await user.click(await screen.findByRole('button', { name: 'Print pass' }));
    expect(print).toHaveBeenCalledOnce();
    expect(during).toBe('pass');
    // The print copy sits on <body>, outside the app, with the drive, the holder and the code.
    const copy = screen.getByTestId('pass-print-copy');
    expect(copy.parentElement).toBe(document.body);
    expect(copy).toHaveTextContent('River oaks');
    expect(copy).toHaveTextContent('Asha');
    expect(copy).toHaveTextContent('K7QX M2PA 9TWE 4HRB');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.documentElement.dataset.print).toBeUndefined();
  });

  it('says why when there is no pass for the caller', async () => {
    servePass(403);
    renderWithApp(card);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ATTENDANCE_MESSAGES.passParticipantsOnly,
    );
  });

  it('groups a code without dashes by four', () => {
    expect(groupedCode('K7QXM2PA9TWE4HRB')).toBe('K7QX M2PA 9TWE 4HRB');
  });
});

describe('the volunteer certificate', () => {
  it('offers this year first, back to the year the member joined', () => {
    expect(certificateYears(2024, 2026)).toEqual(['2026', '2025', '2024']);
    expect(certificateYears(1990, 2001)).toEqual(['2001', '2000']);
    expect(certificateYears(2030, 2026)).toEqual(['2026']);
  });

  it("downloads the chosen year's PDF", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const thisYear = new Date().getFullYear();
    renderWithApp(<VolunteerCertificateCard memberSince={`${thisYear - 1}-05-01T00:00:00Z`} />);
    const year = screen.getByLabelText('Year');
    expect(year).toHaveValue(String(thisYear));
    await user.selectOptions(year, String(thisYear - 1));
    await user.click(screen.getByRole('button', { name: 'Download certificate (PDF)' }));
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(
      `/api/users/me/volunteer-certificate?year=${thisYear - 1}`,
    );
    expect(click).toHaveBeenCalled();
  });
});
