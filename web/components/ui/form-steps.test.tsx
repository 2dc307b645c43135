// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from './button';
import { TextField } from './form-field';
import { FormStep, StepActions, useFormSteps } from './form-steps';
import { useContractForm } from './use-contract-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required!'),
  place: z.string().trim().min(1, 'Place is required!'),
});
type Values = { name: string; place: string };
const send = vi.fn();

function Form() {
  const form = useContractForm<Values, Values>(schema, { name: '', place: '' });
  const steps = useFormSteps<keyof Values>({
    steps: [
      { title: 'What', fields: ['name'] },
      { title: 'Where', fields: ['place'] },
    ],
    validate: (fields) => form.trigger(fields, { shouldFocus: true }),
  });
  return (
    <form
      noValidate
      aria-label="Plant"
      onSubmit={steps.onSubmit(form.handleSubmit((values) => send(values)))}
    >
      <FormStep steps={steps} index={0}>
        <TextField label="Name" {...form.field('name')} />
      </FormStep>
      <FormStep steps={steps} index={1}>
        <TextField label="Place" {...form.field('place')} />
      </FormStep>
      <StepActions steps={steps} submit={<Button type="submit">Save</Button>} />
    </form>
  );
}

function setWidth(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => send.mockReset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('form steps on a phone', () => {
  beforeEach(() => setWidth(true));

  it('shows one step at a time with "Step 1 of 2", and Next will not pass a step with errors', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.getByRole('heading', { name: 'Step 1 of 2 What' })).toBeVisible();
    expect(screen.getByLabelText('Place')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required!')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    // Still on the first step; the next step's field was not checked.
    expect(screen.getByRole('heading', { name: 'Step 1 of 2 What' })).toBeVisible();
    expect(screen.queryByText('Place is required!')).not.toBeInTheDocument();
  });

  it('goes on to the next step (its heading focused); Back keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('Name'), 'Neem');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const where = await screen.findByRole('heading', { name: 'Step 2 of 2 Where' });
    expect(where).toBeVisible();
    expect(where).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toBeVisible();
    await user.type(screen.getByLabelText('Place'), 'Lodhi Garden');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2 What' })).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('Neem');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Place')).toHaveValue('Lodhi Garden');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Neem', place: 'Lodhi Garden' });
  });

  it('Enter before the last step means Next, not send', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('Name'), 'Neem{Enter}');
    expect(await screen.findByRole('heading', { name: 'Step 2 of 2 Where' })).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('form steps on a wider screen', () => {
  beforeEach(() => setWidth(false));

  it('is one screen: every step under its name, no Next, one send', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(screen.getByRole('heading', { name: 'What' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Where' })).toBeVisible();
    expect(screen.queryByText(/Step 1 of 2/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required!')).toBeVisible();
    expect(screen.getByText('Place is required!')).toBeVisible();
  });
});
