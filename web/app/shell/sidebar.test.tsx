// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

function renderSidebar(path: string, profileType = 'individual', inTeam = false) {
  const element = (
    <>
      <Sidebar profileType={profileType} inTeam={inTeam} />
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
      'Calendar',
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
    // An individual member's forest comes first.
    expect(within(nav).getAllByRole('link')[0]).toHaveAccessibleName('My forest');
    expect(screen.getByRole('link', { name: 'My forest' })).toHaveAttribute(
      'href',
      '/app/my-forest',
    );
    expect(nav).toBeInTheDocument();
    expect(screen.getByText('Version v1.0')).toBeInTheDocument();
  });

  it("points Dashboard and the logo at the user's own dashboard", () => {
    renderSidebar('/app/corporate-dashboard', 'corporate');
    expect(screen.queryByRole('link', { name: 'My forest' })).toBeNull();
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

  it('gives Calendar its own General item, outside the Settings submenu', () => {
    renderSidebar('/app/calendar');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const calendar = screen.getByRole('link', { name: 'Calendar' });
    expect(calendar).toHaveAttribute('aria-current', 'page');
    expect(calendar.closest('ul')).toHaveAttribute(
      'aria-labelledby',
      screen.getByRole('heading', { name: 'General' }).id,
    );
  });

  it('holds one Help entry instead of a Resources group, and no developer pages', () => {
    renderSidebar('/app/dashboard');
    expect(screen.queryByRole('list', { name: 'Resources' })).toBeNull();
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', '/app/help');
    expect(help).not.toHaveAttribute('aria-current');
    for (const name of ['Getting started', 'Charts', 'Features', 'Integration', 'UI components'])
      expect(screen.queryByRole('link', { name })).toBeNull();
  });

  it('marks Help on the Help page as current, and on the pages it gathers as the way there', () => {
    renderSidebar('/app/help');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    renderSidebar('/app/charts');
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help).not.toHaveAttribute('aria-current');
    expect(help).toHaveClass('menu-active');
    cleanup();
    renderSidebar('/app/components');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveClass('menu-active');
  });

  it('reaches Help by keyboard, after Settings', async () => {
    const user = userEvent.setup();
    renderSidebar('/app/dashboard');
    screen.getByRole('button', { name: 'Settings' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveFocus();
  });

  const settingsLinks = () =>
    [
      ...(screen.getByRole('link', { name: 'Profile' }).closest('ul')?.querySelectorAll('a') ?? []),
    ].map((link) => [link.textContent, link.getAttribute('href')]);

  it('holds Profile, Billing and Transactions in the Settings submenu', () => {
    renderSidebar('/app/settings-billing');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(settingsLinks()).toEqual([
      ['Profile', '/app/settings-profile'],
      ['Billing', '/app/settings-billing'],
      ['Transactions', '/app/transactions'],
    ]);
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds Team to the Settings submenu for corporate accounts only', () => {
    renderSidebar('/app/settings-team', 'corporate');
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(settingsLinks()).toEqual([
      ['Profile', '/app/settings-profile'],
      ['Team', '/app/settings-team'],
      ['Billing', '/app/settings-billing'],
      ['Transactions', '/app/transactions'],
    ]);
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives nurseries their Sapling stock, and a team member the Team links', () => {
    renderSidebar('/app/nursery-stock', 'nursery');
    expect(screen.getByRole('link', { name: 'Sapling stock' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('link', { name: 'Team dashboard' })).not.toBeInTheDocument();
    cleanup();

    renderSidebar('/app/settings-team', 'individual', true);
    expect(screen.getByRole('link', { name: 'Team dashboard' })).toHaveAttribute(
      'href',
      '/app/corporate-dashboard',
    );
    expect(settingsLinks()).toContainEqual(['Team', '/app/settings-team']);
    expect(screen.queryByRole('link', { name: 'Sapling stock' })).not.toBeInTheDocument();
  });
});
