// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { toast } from './toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Field({ text }: { text?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={ref} readOnly aria-label="Address" value={text ?? ''} />
      <CopyButton text={text} fieldRef={ref} name="Calendar address" noun="address" />
    </>
  );
}

describe('CopyButton', () => {
  it('copies the text and says so', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    render(<Field text="https://example.test/feed.ics" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('https://example.test/feed.ics');
    expect(success).toHaveBeenCalledWith('Calendar address copied.');
  });

  it('selects the field and says how to copy it when the clipboard is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const info = vi.spyOn(toast, 'info');
    render(<Field text="secret" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(info).toHaveBeenCalledWith('Press Ctrl+C (or ⌘C) to copy the selected address.');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveFocus();
  });

  it('is off while there is nothing to copy', () => {
    render(<Field />);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });
});
