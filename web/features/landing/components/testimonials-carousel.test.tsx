// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIAL_INTERVAL_MS, TESTIMONIALS } from '../content';
import { TestimonialsCarousel } from './testimonials-carousel';

function activeIndex() {
  return screen.getAllByTestId('testimonial').findIndex((slide) => slide.dataset.active === 'true');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TestimonialsCarousel', () => {
  it('holds exactly three testimonials', () => {
    render(<TestimonialsCarousel />);
    expect(TESTIMONIALS).toHaveLength(3);
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
    expect(activeIndex()).toBe(0);
  });

  it('cycles 0 → 1 → 2 → 0 every 5000 ms', () => {
    render(<TestimonialsCarousel />);
    expect(TESTIMONIAL_INTERVAL_MS).toBe(5000);
    act(() => void vi.advanceTimersByTime(4999));
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(activeIndex()).toBe(1);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(2);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(0);
  });

  it('jumps to a slide from its dot and marks the dot current', () => {
    render(<TestimonialsCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3' }));
    expect(activeIndex()).toBe(2);
    expect(screen.getByRole('button', { name: 'Show testimonial 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Show testimonial 1' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('stops when paused and resumes when played', () => {
    render(<TestimonialsCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    // Clicking moved focus inside; take it out so only the button's choice counts.
    fireEvent.blur(screen.getByRole('button', { name: 'Play testimonials' }));
    act(() => void vi.advanceTimersByTime(15_000));
    expect(activeIndex()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(1);
  });

  it('pauses while hovered', () => {
    render(<TestimonialsCarousel />);
    const region = screen.getByTestId('testimonials');
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(activeIndex()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(1);
  });
});
