// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import { IDEMPOTENCY_HEADER } from '../../contract/idempotency';
import { outboxStore } from '../lib/outbox/outbox-store';
import { saveSession } from '../lib/session';
import { renderWithApp } from '../test-support/render';
import AppUploadQueue from './app-upload-queue';

// Issue 24: a refusal stays in the queue with the server's message and a way to fix or discard it.

const ME = 'u-queue';
const tokenFor = (sub: string) =>
  `h.${btoa(JSON.stringify({ sub, profileType: 'individual' })).replace(/=+$/, '')}.s`;
const me = { id: ME, _id: ME, username: 'asha', profileType: 'individual' } as CurrentUser;

function renderQueue() {
  return renderWithApp(
    <Routes>
      <Route element={<Outlet context={me} />}>
        <Route path="/app/upload-queue" element={<AppUploadQueue />} />
      </Route>
    </Routes>,
    '/app/upload-queue',
  );
}

/** A measurement the server refused, naming its height. */
async function refusedMeasurement() {
  const item = await outboxStore.add({
    id: 'measure-1',
    userId: ME,
    what: 'measurement',
    label: 'Measurement of Lakeside neem',
    path: '/api/trees/t-1/measurements',
    body: { kind: 'json', value: { measuredAt: '2026-11-02', heightCm: 9000, diameterCm: 1.2 } },
  });
  await outboxStore.put({
    ...item,
    state: 'refused',
    attempts: 1,
    problem: { status: 400, message: 'Height must be at most 3000 cm.', field: 'heightCm' },
  });
}

beforeEach(() => saveSession(tokenFor(ME)));
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await outboxStore.discardAll(ME);
});

describe('the upload queue', () => {
  it('shows a refusal with the server’s words; the member corrects the named field by its label and it uploads with the same key', async () => {
    await refusedMeasurement();
    const sent: Array<{ key: string | null; body: unknown }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({ key: headers.get(IDEMPOTENCY_HEADER), body: JSON.parse(String(init?.body)) });
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, message: 'Measurement saved.' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    const user = userEvent.setup();
    renderQueue();
    const item = await screen.findByRole('listitem', { name: 'Measurement of Lakeside neem' });
    expect(within(item).getByText('Not accepted')).toBeVisible();
    expect(within(item).getByRole('alert')).toHaveTextContent('Height must be at most 3000 cm.');
    const fix = within(item).getByLabelText('Correct “Height (cm)”');
    expect(fix).toHaveValue('9000');
    await user.clear(fix);
    await user.type(fix, '90');
    await user.click(within(item).getByRole('button', { name: 'Save and try again' }));
    expect(await screen.findByTestId('empty-state')).toBeVisible();
    expect(sent).toEqual([
      { key: 'measure-1', body: { measuredAt: '2026-11-02', heightCm: 90, diameterCm: 1.2 } },
    ]);
  });

  it('discards a refusal only after asking', async () => {
    await refusedMeasurement();
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderQueue();
    const item = await screen.findByRole('listitem', { name: 'Measurement of Lakeside neem' });
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('It has not reached Canopy and will be gone from this phone.');
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(await outboxStore.list(ME)).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.getByTestId('empty-state')).toBeVisible());
    expect(await outboxStore.list(ME)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
