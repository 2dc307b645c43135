// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { PageTitleHeading, PageTitleProvider, usePageTitle, usePageTitleValue } from './page-title';

function Bar() {
  return <h1>{usePageTitleValue()}</h1>;
}
function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
function Switcher() {
  const [title, setTitle] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTitle('Dashboard')}>
        go
      </button>
      {title && <Screen title={title} />}
    </>
  );
}

afterEach(cleanup);

it('says Home until a screen names itself, then shows that name in the bar and the tab', async () => {
  render(
    <PageTitleProvider>
      <Bar />
      <Switcher />
    </PageTitleProvider>,
  );
  expect(screen.getByRole('heading')).toHaveTextContent('Home');
  screen.getByRole('button').click();
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard · Canopy');
});

it('still sets the tab title without a provider', () => {
  render(<Screen title="Profile" />);
  expect(document.title).toBe('Profile · Canopy');
});

it('wraps a long title to two lines at most, between words, with the whole title kept (issue 23 §4)', () => {
  const long = 'Community planting along the Yamuna floodplain with the Delhi schools network';
  render(
    <PageTitleProvider>
      <PageTitleHeading className="flex-1" />
      <Screen title={long} />
    </PageTitleProvider>,
  );
  const heading = screen.getByRole('heading', { level: 1, name: long });
  expect(heading).toHaveAttribute('title', long);
  // Wraps and clamps (no single-line truncate hiding all but the start on a phone).
  expect(heading).toHaveClass('line-clamp-2', 'break-words', 'min-w-0', 'flex-1');
  expect(heading).not.toHaveClass('truncate');
});
