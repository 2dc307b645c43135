// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalProvider, useModal, type ModalApi } from './modal';

let api: ModalApi;
function Opener() {
  const modal = useModal();
  // Tests drive the modal directly through the same API screens get.
  useEffect(() => {
    api = modal;
  }, [modal]);
  return (
    <button
      type="button"
      onClick={() =>
        modal.open({
          title: 'Add a drive',
          body: (close) => (
            <button type="button" onClick={close}>
              Save
            </button>
          ),
        })
      }
    >
      Open
    </button>
  );
}

const renderModal = () =>
  render(
    <ModalProvider>
      <Opener />
    </ModalProvider>,
  );

afterEach(cleanup);

describe('Modal', () => {
  it('opens labelled by its title, at the default md size, and a function body can close it', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a drive' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog.querySelector('.modal-box')).toHaveClass('max-w-lg');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('app-modal')).not.toHaveAttribute('open');
    // Content is cleared on close, and focus goes back to the opener.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('uses the requested size', () => {
    renderModal();
    act(() => api.open({ title: 'Wide', size: 'xl', body: <p>Wide body</p> }));
    expect(screen.getByText('Wide body').closest('.modal-box')).toHaveClass('max-w-5xl');
    act(() => api.close());
    expect(screen.queryByText('Wide body')).not.toBeInTheDocument();
  });

  it('confirm resolves true on the confirm button with the default labels', async () => {
    const user = userEvent.setup();
    renderModal();
    let answer!: Promise<boolean>;
    act(() => {
      answer = api.confirm({ title: 'Delete lead?', message: 'This cannot be undone.' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Delete lead?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByText('This cannot be undone.')).not.toBeInTheDocument();
  });

  it('confirm resolves false on Cancel, on close, and when replaced by another modal', async () => {
    const user = userEvent.setup();
    renderModal();
    let first!: Promise<boolean>;
    act(() => {
      first = api.confirm({ title: 'Sure?', message: 'M', cancelLabel: 'No thanks' });
    });
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    await expect(first).resolves.toBe(false);

    let second!: Promise<boolean>;
    act(() => {
      second = api.confirm({ title: 'Sure?', message: 'M', confirmLabel: 'Remove' });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await expect(second).resolves.toBe(false);

    let third!: Promise<boolean>;
    act(() => {
      third = api.confirm({ title: 'Sure?', message: 'M' });
    });
    act(() => api.open({ title: 'Other', body: 'x' }));
    await expect(third).resolves.toBe(false);
  });
});
