// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

function renderSidebar(path: string, profileType = 'individual') {
  const element = (
    <>
      <Sidebar profileType={profileType} />
      <Link to="/app/settings-profile">elsewhere to settings</Link>
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('Sidebar', () => {
  it('lists the General links with the current one marked, and the version', () => {
    renderSidebar('/app/delive-event');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = [
      'Dashboard',
      'My Plantations',
      'Plantations',
      'Donate Tree',
      'Tree Registration',
      'My Trees',
      'Trees map',
    ];
    for (const name of links) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plantations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Tree Registration' })).toHaveAttribute(
      'href',
      '/app/tree-registeration',
    );
    expect(screen.getByRole('link', { name: 'My Trees' })).toHaveAttribute('href', '/app/my-trees');
    expect(screen.getByRole('link', { name: 'Trees map' })).toHaveAttribute(
      'href',
      '/app/trees-map',
    );
    expect(nav).toBeInTheDocument();
    expect(screen.getByText('Version v1.0')).toBeInTheDocument();
  });

  it("points Dashboard and the logo at the user's own dashboard", () => {
    renderSidebar('/app/corporate-dashboard', 'corporate');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/app/corporate-dashboard',
    );
    expect(screen.getByRole('link', { name: 'Canopy home' })).toHaveAttribute(
      'href',
      '/app/corporate-dashboard',
    );
  });

  it('keeps Settings closed elsewhere, toggles it, and opens it by itself on a settings page', async () => {
    const user = userEvent.setup();
    renderSidebar('/app/dashboard');
    const settings = screen.getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    await user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    await user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('link', { name: 'elsewhere to settings' }));
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('starts open when the first page is a settings page', () => {
    renderSidebar('/app/settings-profile');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('lists Calendar in the Settings submenu and opens the submenu on it', () => {
    renderSidebar('/app/calendar');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists Transactions and Billing in the Settings submenu, beside Profile and Calendar', () => {
    renderSidebar('/app/settings-billing');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const settings = screen.getByRole('link', { name: 'Profile' }).closest('ul');
    expect(
      [...(settings?.querySelectorAll('a') ?? [])].map((link) => [
        link.textContent,
        link.getAttribute('href'),
      ]),
    ).toEqual([
      ['Profile', '/app/settings-profile'],
      ['Calendar', '/app/calendar'],
      ['Transactions', '/app/transactions'],
      ['Billing', '/app/settings-billing'],
    ]);
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  });
});
