// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ONBOARDING_STEPS, type OnboardingStepId } from '../../../../contract/onboarding';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { OnboardingChecklist } from './onboarding-checklist';

const step = (id: OnboardingStepId, done: boolean) => ({ id, ...ONBOARDING_STEPS[id], done });
const answer = (steps: ReturnType<typeof step>[]) => ({
  success: true,
  data: {
    profileType: 'individual',
    steps,
    done: steps.filter((s) => s.done).length,
    total: steps.length,
  },
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OnboardingChecklist', () => {
  it('shows the progress, marks done steps and links each open step to where it is done', async () => {
    answerFetch(
      200,
      answer([
        step('verify-email', true),
        step('add-photo', true),
        step('join-drive', false),
        step('register-tree', false),
        step('make-donation', false),
      ]),
    );
    renderWithApp(<OnboardingChecklist />, '/app/getting-started');
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: '2 of 5 done' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '5');
    const items = within(screen.getByRole('list', { name: 'Getting started steps' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(5);
    expect(within(items[1]!).getByRole('heading')).toHaveTextContent('Add a profile photo (done)');
    expect(within(items[2]!).getByRole('heading')).toHaveTextContent('Join a tree drive (to do)');
    expect(within(items[2]!).getByRole('link', { name: 'Browse drives' })).toHaveAttribute(
      'href',
      '/app/delive-event',
    );
    expect(within(items[4]!).getByRole('link', { name: 'Donate trees' })).toHaveAttribute(
      'href',
      '/app/donate-tree',
    );
    expect(screen.queryByText('All done. Welcome to Canopy!')).not.toBeInTheDocument();
  });

  it('says so when everything is done', async () => {
    answerFetch(200, answer([step('verify-email', true), step('add-photo', true)]));
    renderWithApp(<OnboardingChecklist />);
    expect(await screen.findByText('All done. Welcome to Canopy!')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 done')).toBeInTheDocument();
  });

  it('offers to try again when the checklist cannot be loaded', async () => {
    const fetch = answerFetch(500, { success: false, message: 'Boom', code: 'INTERNAL' });
    renderWithApp(<OnboardingChecklist />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fetch.mockRestore();
    answerFetch(200, answer([step('verify-email', true)]));
    await userEvent.click(retry);
    expect(await screen.findByText('1 of 1 done')).toBeInTheDocument();
  });
});
