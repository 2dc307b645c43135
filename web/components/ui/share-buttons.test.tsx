// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from './toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButtons } from './share-buttons';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});

const renderButtons = () =>
  render(<ShareButtons url="/forest/asha" title="Asha’s forest" text="See my trees & more" />);

describe('ShareButtons', () => {
  it('links to X, Facebook, LinkedIn and WhatsApp with the absolute address, in a new tab', () => {
    renderButtons();
    const group = screen.getByRole('group', { name: 'Share' });
    const url = encodeURIComponent(`${window.location.origin}/forest/asha`);
    const links = within(group).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Share on X (opens in a new tab)',
      'Share on Facebook (opens in a new tab)',
      'Share on LinkedIn (opens in a new tab)',
      'Share on WhatsApp (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toContain(url.slice(0, 20));
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links[0]).toHaveAttribute(
      'href',
      `https://x.com/intent/post?url=${url}&text=${encodeURIComponent('See my trees & more')}`,
    );
    // No share sheet where the browser has none.
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('copies the link and says so', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/forest/asha`);
    expect(success).toHaveBeenCalledWith('Link copied.');
  });

  it('opens the browser’s share sheet where it has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderButtons();
    await user.click(screen.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Asha’s forest',
      text: 'See my trees & more',
      url: `${window.location.origin}/forest/asha`,
    });
  });
});
