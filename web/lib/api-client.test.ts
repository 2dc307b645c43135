// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiDownload, apiRequest, attachmentName } from './api-client';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('attachmentName', () => {
  it('reads plain and encoded file names', () => {
    expect(attachmentName('attachment; filename="river-oaks.ics"')).toBe('river-oaks.ics');
    expect(attachmentName("attachment; filename*=UTF-8''caf%C3%A9.ics")).toBe('café.ics');
    expect(attachmentName(null)).toBeUndefined();
    expect(attachmentName('inline')).toBeUndefined();
  });
});

describe('apiDownload', () => {
  it('fetches with the session header and saves the file through a temporary link', async () => {
    // A token the client can read (it never verifies it) and a fresh session start.
    const token = `h.${btoa(JSON.stringify({ sub: 'u-1', profileType: 'individual' }))}.s`;
    sessionStorage.setItem('token', token);
    sessionStorage.setItem('session_start', String(Date.now()));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('BEGIN:VCALENDAR', {
        status: 200,
        headers: {
          'content-type': 'text/calendar',
          'content-disposition': 'attachment; filename="river-oaks.ics"',
        },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await expect(apiDownload('/api/drives/d-1/ics', 'drive.ics')).resolves.toBe('river-oaks.ics');
    const init = fetch.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['x-auth-token']).toBe(token);
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves under a name of its own when given one, whatever the server suggests', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="server-name.pdf"' },
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await expect(
      apiDownload('/api/donations/d/receipt', 'x.pdf', { filename: 'receipt-1.pdf' }),
    ).resolves.toBe('receipt-1.pdf');
    expect(names).toEqual(['receipt-1.pdf']);
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Nope.', code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const failure = apiDownload('/api/drives/x/ics', 'drive.ics');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Nope.' });
  });
});

describe('apiRequest', () => {
  it('keeps the form field the server named beside its message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          success: false,
          message: 'Please choose a drive you joined or organised.',
          code: 'VALIDATION_FAILED',
          field: 'driveId',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    const failure = apiRequest('/api/trees', { method: 'POST', schema: z.unknown() });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'driveId',
    });
  });
});
