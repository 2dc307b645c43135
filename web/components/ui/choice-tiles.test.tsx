// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChoiceTiles } from './choice-tiles';
import { useContractForm } from './use-contract-form';

afterEach(cleanup);

const schema = z.object({ kind: z.enum(['a', 'b', 'c'], { error: 'Kind is required!' }) });
let sent: unknown;

function Form() {
  const form = useContractForm<{ kind: string }, z.infer<typeof schema>>(schema, { kind: '' });
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          sent = values;
        })(event)
      }
    >
      <ChoiceTiles
        legend="Kind"
        hint="Pick one."
        options={[
          { value: 'a', label: 'Apple', detail: 'Red or green' },
          { value: 'b', label: 'Birch' },
          { value: 'c', label: 'Cedar' },
        ]}
        {...form.field('kind')}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('ChoiceTiles', () => {
  it('is a radiogroup named by its legend, each tile a radio named by its label', () => {
    render(<Form />);
    const group = screen.getByRole('radiogroup', { name: 'Kind' });
    expect(group).toHaveAccessibleDescription('Pick one.');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['a', 'b', 'c']);
    // The second line describes the tile without changing its name.
    const apple = within(group).getByRole('radio', { name: 'Apple' });
    expect(apple).toHaveAccessibleDescription('Red or green');
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
  });

  it("shows the schema's message when nothing is chosen, focuses the first tile, and choosing clears it", async () => {
    const user = userEvent.setup();
    sent = undefined;
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const group = screen.getByRole('radiogroup', { name: 'Kind' });
    expect(await screen.findByText('Kind is required!')).toBeVisible();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Pick one. Kind is required!');
    expect(screen.getByRole('radio', { name: 'Apple' })).toHaveFocus();
    expect(sent).toBeUndefined();

    await user.click(screen.getByText('Cedar'));
    expect(screen.getByRole('radio', { name: 'Cedar' })).toBeChecked();
    expect(screen.queryByText('Kind is required!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual({ kind: 'c' });
  });

  it('moves and chooses with the arrow keys, one tab stop for the group', async () => {
    const user = userEvent.setup();
    sent = undefined;
    render(<Form />);
    await user.click(screen.getByText('Apple'));
    expect(screen.getByRole('radio', { name: 'Apple' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Birch' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Birch' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Cedar' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Birch' })).toBeChecked();
    // Tab leaves the group (to the button), not to the next tile.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual({ kind: 'b' });
  });
});
