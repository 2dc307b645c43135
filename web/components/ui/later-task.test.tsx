// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LaterTask } from './later-task';

describe('LaterTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('mounts its children only after the given number of timer tasks', () => {
    render(
      <>
        <p>now</p>
        <LaterTask>
          <p>next</p>
        </LaterTask>
        <LaterTask tasks={2}>
          <p>after</p>
        </LaterTask>
      </>,
    );
    expect(screen.getByText('now')).toBeInTheDocument();
    expect(screen.queryByText('next')).not.toBeInTheDocument();
    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByText('next')).toBeInTheDocument();
    expect(screen.queryByText('after')).not.toBeInTheDocument();
    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByText('after')).toBeInTheDocument();
  });

  it('leaves no timer behind when unmounted first', () => {
    const { unmount } = render(
      <LaterTask>
        <p>next</p>
      </LaterTask>,
    );
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
