// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartFigure } from './charts/chart-figure';
import { LazyMount } from './lazy-mount';
import { PointsClusterMap } from './map';
import { answerFetch, renderWithApp } from '../../test-support/render';

/** An IntersectionObserver the test moves: `scrollIntoView()` says every watched element is on screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  static show(isIntersecting = true) {
    for (const observer of FakeObserver.all.filter((o) => !o.disconnected))
      observer.callback(
        observer.watched.map(
          (target) => ({ target, isIntersecting }) as unknown as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LazyMount', () => {
  it('holds the place with the placeholder until the place comes near the screen', () => {
    render(
      <LazyMount placeholder={<p>Waiting</p>}>
        <p>The chart</p>
      </LazyMount>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.queryByText('The chart')).not.toBeInTheDocument();
    expect(FakeObserver.all[0]!.options?.rootMargin).toBe('200px 0px');

    act(() => FakeObserver.show(false));
    expect(screen.queryByText('The chart')).not.toBeInTheDocument();

    act(() => FakeObserver.show());
    expect(screen.getByText('The chart')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
    // Seen once is enough: it stops watching.
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('shows the content at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <LazyMount placeholder={<p>Waiting</p>}>
        <p>The chart</p>
      </LazyMount>,
    );
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });

  it('keeps a chart in its fixed-height box, loading Chart.js only on screen', async () => {
    render(
      <ChartFigure
        title="Plants per month"
        summary="12 plants."
        chart={{ kind: 'bar', labels: ['Jan'], series: [{ label: 'Plants', data: [12] }] }}
        table={{ columns: ['Month', 'Plants'], rows: [['Jan', 12]] }}
      />,
    );
    const box = screen.getByRole('img', { name: 'Plants per month' });
    expect(box).toHaveClass('h-64');
    expect(box.querySelector('[data-testid="lazy-mount-placeholder"]')).not.toBeNull();
    expect(box.querySelector('canvas')).toBeNull();
    act(() => FakeObserver.show());
    expect(box.querySelector('[data-testid="lazy-mount-placeholder"]')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the chart');
  });

  it('holds a map’s place at the map’s height until it is on screen', async () => {
    answerFetch(200, {
      success: true,
      data: { tileUrl: 'http://tiles.test/{z}/{x}/{y}.png', attribution: '©', tileSize: 256 },
    });
    renderWithApp(
      <PointsClusterMap
        points={[]}
        onOpen={() => undefined}
        openLabel="Open tree"
        itemsName="trees"
        label="Map of my trees"
        height={360}
      />,
    );
    const waiting = screen.getByRole('status');
    expect(waiting).toHaveTextContent('Loading map…');
    expect(waiting).toHaveStyle({ height: '360px' });
    expect(screen.queryByRole('region', { name: 'Map of my trees' })).not.toBeInTheDocument();
    act(() => FakeObserver.show());
    expect(await screen.findByRole('region', { name: 'Map of my trees' })).toBeInTheDocument();
  });
});
