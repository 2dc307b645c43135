// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { UserMenu } from './user-menu';

afterEach(cleanup);

it('opens from the keyboard, moves with the arrows, closes with Escape, and logs out', async () => {
  const user = userEvent.setup();
  const onLogout = vi.fn();
  render(
    <MemoryRouter>
      <UserMenu username="fern" avatarSrc="" onLogout={onLogout} loggingOut={false} />
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: 'Account menu for fern' });
  expect(screen.getByRole('img', { name: "fern's avatar" })).toBeInTheDocument();
  expect(button).toHaveAttribute('aria-expanded', 'false');

  button.focus();
  await user.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const settings = screen.getByRole('menuitem', { name: /Profile Settings/ });
  expect(settings).toHaveFocus();
  expect(settings).toHaveTextContent('New');
  expect(settings).toHaveAttribute('href', '/app/settings-profile');
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(settings).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();

  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onLogout).toHaveBeenCalledTimes(1);
});

it('closes on a click outside', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <p>outside</p>
      <UserMenu username="fern" avatarSrc="" onLogout={() => undefined} loggingOut={false} />
    </MemoryRouter>,
  );
  await user.click(screen.getByRole('button', { name: 'Account menu for fern' }));
  expect(screen.getByRole('menu', { name: 'Account' })).toBeVisible();
  await user.click(screen.getByText('outside'));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});
