// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Avatar, DEFAULT_AVATAR_SRC } from './avatar';

afterEach(cleanup);

it('shows the image with its owner in the alt text', () => {
  render(<Avatar src="/api/files/a.webp" name="fern" size={32} />);
  const img = screen.getByRole('img', { name: "fern's avatar" });
  expect(img).toHaveAttribute('src', '/api/files/a.webp');
  expect(img).toHaveAttribute('width', '32');
});

it('falls back to the silhouette when empty or when the image fails, and retries a new address', () => {
  const { rerender } = render(<Avatar src="" name="fern" />);
  expect(screen.getByRole('img')).toHaveAttribute('src', DEFAULT_AVATAR_SRC);
  rerender(<Avatar src="/broken.webp" name="fern" />);
  fireEvent.error(screen.getByRole('img'));
  expect(screen.getByRole('img')).toHaveAttribute('src', DEFAULT_AVATAR_SRC);
  rerender(<Avatar src="/new.webp" name="fern" />);
  expect(screen.getByRole('img')).toHaveAttribute('src', '/new.webp');
});

it('has empty alt text when decorative', () => {
  render(<Avatar src="" name="fern" decorative />);
  expect(screen.getByTestId('avatar')).toHaveAttribute('alt', '');
});
