// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicTestimonial } from '../../../../contract/testimonials';
import { TESTIMONIAL_INTERVAL_MS } from '../content';
import { TestimonialsCarousel } from './testimonials-carousel';

/** Three members' own words, as GET /api/testimonials answers them. */
const TESTIMONIALS: PublicTestimonial[] = [
  {
    name: 'Wanjiru Kamau',
    accountType: 'individual',
    quote: 'Forty neighbours plant with me.',
    avatar: '',
  },
  {
    name: 'Greenleaf Industries',
    accountType: 'corporate',
    quote: 'Our board reads the real counts.',
    avatar: '/api/files/abc',
  },
  { name: 'Priya Nair', accountType: 'nursery', quote: 'Our saplings are followed.', avatar: '' },
];

function activeIndex() {
  return screen.getAllByTestId('testimonial').findIndex((slide) => slide.dataset.active === 'true');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TestimonialsCarousel', () => {
  it('holds the three testimonials it is given', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
    expect(activeIndex()).toBe(0);
  });

  it('cycles 0 → 1 → 2 → 0 every 5000 ms', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
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
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
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
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
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
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
    const region = screen.getByTestId('testimonials');
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(activeIndex()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(1);
  });

  it('shows each member with their account type and photo, or their initials', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
    const [first, second, third] = screen.getAllByTestId('testimonial');
    expect(first).toHaveTextContent('Wanjiru Kamau');
    expect(first).toHaveTextContent('Member');
    expect(first).toHaveTextContent('WK');
    expect(second).toHaveTextContent('Company');
    expect(second!.querySelector('img')).toHaveAttribute('src', '/api/files/abc');
    expect(third).toHaveTextContent('Partner nursery');
  });

  it('holds one testimonial still, without dots or a pause button', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS.slice(0, 1)} />);
    expect(screen.getAllByTestId('testimonial')).toHaveLength(1);
    expect(screen.queryByTestId('testimonial-dot')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause testimonials' })).toBeNull();
    act(() => void vi.advanceTimersByTime(15_000));
    expect(activeIndex()).toBe(0);
  });

  it('cycles two testimonials when only two members opted in', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS.slice(0, 2)} />);
    expect(screen.getAllByTestId('testimonial-dot')).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(1);
    act(() => void vi.advanceTimersByTime(5000));
    expect(activeIndex()).toBe(0);
  });
});
