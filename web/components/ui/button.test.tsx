// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain button unless told otherwise, and is off with a spinner while busy', () => {
    render(
      <Button busy busyLabel="Saving…">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('a submit press keeps focus in the field being typed in, so its blur check cannot move the button away', () => {
    const onMouseDown = vi.fn();
    render(
      <form>
        <label>
          Email
          <input />
        </label>
        <Button type="submit" onMouseDown={onMouseDown}>
          Send
        </Button>
        <Button>Other</Button>
      </form>,
    );
    const field = screen.getByLabelText('Email');
    field.focus();
    // fireEvent answers false when the default (moving focus, so blurring the field) was prevented.
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Send' }))).toBe(false);
    expect(onMouseDown).toHaveBeenCalledOnce();
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Other' }))).toBe(true);
  });

  it('never wider than its container: a long label wraps, the height grows from 44 px (issue 23 §4)', () => {
    render(<Button variant="secondary">Organise a drive for a very long organisation name</Button>);
    const button = screen.getByRole('button');
    expect(button).toHaveClass('max-w-full', 'min-h-11', 'h-auto');
    expect(button).not.toHaveClass('h-11');
    render(
      <Button icon aria-label="Close">
        ×
      </Button>,
    );
    // A round icon button keeps its fixed size.
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveClass('max-w-full');
  });
});
