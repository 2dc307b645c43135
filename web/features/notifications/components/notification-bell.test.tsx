// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test-support/render';
import { NotificationBell } from './notification-bell';

const welcome = {
  id: 'n-1',
  kind: 'welcome',
  title: 'Welcome to Canopy!',
  body: 'Your account is verified.',
  link: '/app/delive-event',
  createdAt: new Date().toISOString(),
  readAt: null,
};
const older = {
  ...welcome,
  id: 'n-2',
  kind: 'tree_care',
  title: 'Water your oak',
  link: null,
  readAt: '2026-01-01T00:00:00Z',
};

/** A tiny fake of the notifications API that keeps read state. */
function fakeServer(items = [welcome, older]) {
  const state = items.map((item) => ({ ...item }));
  const unread = () => state.filter((item) => item.readAt === null).length;
  const json = (body: unknown) => Promise.resolve(jsonResponse(body));
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/notifications/unread-count')
      return json({ success: true, data: { unread: unread() } });
    if (url.startsWith('/api/notifications?'))
      return json({
        success: true,
        data: state,
        page: 1,
        limit: 20,
        total: state.length,
        unread: unread(),
      });
    if (url === '/api/notifications/read-all' && init?.method === 'POST') {
      for (const item of state) item.readAt ??= new Date().toISOString();
      return json({ success: true, data: { unread: 0 } });
    }
    const one = /^\/api\/notifications\/(.+)\/read$/.exec(url);
    if (one && init?.method === 'POST') {
      const item = state.find((entry) => entry.id === one[1]);
      if (item) item.readAt ??= new Date().toISOString();
      return json({ success: true, data: { unread: unread() } });
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

const renderBell = () => renderWithApp(<NotificationBell />, '/app/dashboard');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NotificationBell', () => {
  it('shows the unread count, lists notifications in the drawer, and marks all read', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const drawer = screen.getByRole('dialog', { name: 'Notifications' });
    const items = await within(drawer).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Unread: Welcome to Canopy!');
    expect(items[0]).toHaveTextContent('just now');
    expect(items[1]).not.toHaveTextContent('Unread:');

    await user.click(within(drawer).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(drawer).findByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('following a notification link marks it read, opens the page and closes the drawer', async () => {
    const user = userEvent.setup();
    const fetchSpy = fakeServer();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: 'Welcome to Canopy!' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/delive-event$/);
    expect(screen.getByTestId('right-drawer')).not.toHaveAttribute('open');
    expect(fetchSpy).toHaveBeenCalledWith('/api/notifications/n-1/read', expect.anything());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says so when there is nothing', async () => {
    const user = userEvent.setup();
    fakeServer([]);
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.queryByTestId('notification-item')).not.toBeInTheDocument();
  });
});
