// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './newsletter-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
}

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewsletterForm', () => {
  it('has a labelled, required email field', () => {
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it('sends the address, shows the server message and clears the field', async () => {
    const fetch = stubFetch(200, { success: true, message: 'Thanks for subscribing!' });
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: '  leaf@example.com ' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for subscribing!');
    expect(input).toHaveValue('');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'leaf@example.com' });
  });

  it('shows a rate-limit answer as an alert and keeps the address', async () => {
    stubFetch(429, {
      success: false,
      message: 'Too many requests. Please wait 60 seconds and try again.',
      code: 'RATE_LIMITED',
    });
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: 'leaf@example.com' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 60 seconds and try again.',
    );
    expect(input).toHaveValue('leaf@example.com');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('explains a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: 'leaf@example.com' } });
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByText('No response received from server.')).toBeInTheDocument();
  });
});
