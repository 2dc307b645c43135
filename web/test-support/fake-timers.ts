/* Test-only: fake timers for component tests, so waits are advanced by the test, never slept. */
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Turns on Vitest's fake timers and returns a user-event `user` that advances them while it
 * types and clicks. Testing Library waits for a zero timeout after every event (and `waitFor`
 * polls on timers); it advances fake timers only when it sees Jest's, so it is pointed at
 * Vitest's here. Undo with `useRealTimers` (after each test).
 */
export function useFakeTimers() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

export function useRealTimers() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}
