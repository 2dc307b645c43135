// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { CALENDAR_EVENT_THEMES, CalendarEventList } from './calendar-event-list';
import { RightDrawerProvider, useRightDrawer } from './right-drawer';

function Opener() {
  const drawer = useRightDrawer();
  return (
    <button
      type="button"
      onClick={() =>
        drawer.open({
          header: 'Calendar',
          body: (
            <CalendarEventList
              events={[
                {
                  title: 'Planting at the river',
                  theme: 'GREEN',
                  startTime: '2026-05-01T09:00:00Z',
                  endTime: '2026-05-01T11:00:00Z',
                },
                {
                  title: 'Nursery visit',
                  theme: 'PINK',
                  startTime: '2026-05-02T09:00:00Z',
                  endTime: '2026-05-02T10:00:00Z',
                },
              ]}
            />
          ),
        })
      }
    >
      Show calendar
    </button>
  );
}

afterEach(cleanup);

it('opens with its header and body, closes with its button, clears the body and returns focus', async () => {
  const user = userEvent.setup();
  render(
    <RightDrawerProvider>
      <Opener />
    </RightDrawerProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Show calendar' }));
  const drawer = screen.getByRole('dialog', { name: 'Calendar' });
  expect(drawer).toHaveAttribute('open');
  const items = screen.getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Planting at the river');
  expect(items[0]!.className).toContain(CALENDAR_EVENT_THEMES.GREEN);
  expect(items[1]!.className).toContain(CALENDAR_EVENT_THEMES.PINK);

  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.getByTestId('right-drawer')).not.toHaveAttribute('open');
  expect(screen.queryByText('Planting at the river')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show calendar' })).toHaveFocus();
});

it('says so when there are no events', () => {
  render(<CalendarEventList events={[]} emptyText="Nothing planned." />);
  expect(screen.getByText('Nothing planned.')).toBeInTheDocument();
});

it('has all five spec themes', () => {
  expect(Object.keys(CALENDAR_EVENT_THEMES)).toEqual(['BLUE', 'GREEN', 'PURPLE', 'ORANGE', 'PINK']);
});
