// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { takeEarlyResponse } from './early-requests';

const token = `h.${btoa(JSON.stringify({ sub: 'u-1', profileType: 'individual' }))}.s`;
const early = (gets: Record<string, Promise<Response>>, asked = token) =>
  ((window as { __canopyEarly?: unknown }).__canopyEarly = { token: asked, gets });
const answer = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
const schema = z.object({ n: z.number() });

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  delete (window as { __canopyEarly?: unknown }).__canopyEarly;
});

function signIn() {
  sessionStorage.setItem('token', token);
  sessionStorage.setItem('session_start', String(Date.now()));
}

describe('takeEarlyResponse', () => {
  it('gives an early answer once, for the same path and session, while the page is fresh', () => {
    const response = answer({ n: 1 });
    early({ '/api/a': response, '/api/b': answer({ n: 2 }), '/api/c': answer({ n: 3 }) });
    expect(takeEarlyResponse('/api/a', token, 100)).toBe(response);
    expect(takeEarlyResponse('/api/a', token, 100)).toBeUndefined();
    expect(takeEarlyResponse('/api/b', 'another-token', 100)).toBeUndefined();
    expect(takeEarlyResponse('/api/c', token, 60_000)).toBeUndefined();
    expect(takeEarlyResponse('/api/unknown', token, 100)).toBeUndefined();
  });

  it('gives nothing when the page started no request', () => {
    expect(takeEarlyResponse('/api/a', token)).toBeUndefined();
  });
});

describe('apiRequest with early answers', () => {
  it('reads a GET from the early answer instead of asking again, then asks as usual', async () => {
    signIn();
    early({ '/api/a': answer({ n: 1 }) });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({ n: 2 }));
    await expect(apiRequest('/api/a', { schema })).resolves.toEqual({ n: 1 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(apiRequest('/api/a', { schema })).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers a write from an early GET', async () => {
    signIn();
    early({ '/api/a': answer({ n: 1 }) });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({ n: 2 }));
    await expect(apiRequest('/api/a', { method: 'POST', body: {}, schema })).resolves.toEqual({
      n: 2,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up on an early answer when its query is cancelled', async () => {
    signIn();
    early({ '/api/a': new Promise<Response>(() => {}) });
    const cancel = new AbortController();
    const request = apiRequest('/api/a', { schema, signal: cancel.signal });
    cancel.abort();
    await expect(request).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
