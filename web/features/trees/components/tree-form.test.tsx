// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TREE_MESSAGES } from '../../../../contract/trees';
import { buildDrive } from '../../../test-support/fixtures';
import {
  renderWithApp,
  routeFetch,
  stubObjectUrls,
  type FetchRoute,
} from '../../../test-support/render';
import { buildTree, callsTo, myDrivesRoute, treeRoute } from '../test-data';
import { RegisterTree } from './register-tree';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const reverseRoute: FetchRoute = (url) =>
  url.pathname === '/api/geo/reverse'
    ? { status: 200, body: { success: true, data: { displayName: 'Lodhi Garden' } } }
    : undefined;

let answer: { status: number; body: unknown };
const created = buildTree({ id: 't-9', _id: 't-9' });
const createRoute: FetchRoute = (url, init) =>
  url.pathname === '/api/trees' && init?.method === 'POST' ? answer : undefined;

const drive = buildDrive({ id: 'd-7', _id: 'd-7', driveName: 'River oaks', isPast: true });
const dead = buildTree({
  id: 't-dead',
  _id: 't-dead',
  name: 'Old mango',
  status: 'dead',
  species: { value: 2, label: 'Aam (Mango)', scientificName: 'Mangifera indica' },
  count: 4,
  size: 'potted',
  lat: 9.9312,
  lng: 76.2673,
  location: 'Orchard corner, Kochi',
});

let fetchSpy: ReturnType<typeof routeFetch>;
beforeEach(() => {
  stubObjectUrls();
  answer = { status: 201, body: { success: true, data: { tree: created } } };
  fetchSpy = routeFetch(
    reverseRoute,
    createRoute,
    myDrivesRoute([drive]),
    treeRoute(() => dead),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const todayShown = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getMonth() + 1)}/${two(now.getDate())}/${now.getFullYear()}`;
};

const sentForm = () => {
  const [init] = callsTo(fetchSpy, 'POST', '/api/trees');
  return init?.body as FormData;
};

/** Types a day into a date field (the locale's pattern; jsdom's locale is en-US). */
async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), text);
  await user.tab();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Find a species'), 'mango');
  const species = screen.getByLabelText('Tree Type');
  expect(
    within(species)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Choose a species', 'Aam (Mango)']);
  await user.selectOptions(species, 'Aam (Mango)');
  await user.clear(screen.getByLabelText('How many'));
  await user.type(screen.getByLabelText('How many'), '3');
  await user.click(screen.getByRole('radio', { name: 'Potted' }));
  await typeDate(user, 'Planting date', '05/01/2025');
  await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
  await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Lodhi Garden'));
}

describe('Tree registration', () => {
  it("checks the form with the contract's messages and sends nothing", async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterTree />);
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '1001');
    await user.clear(screen.getByLabelText('Planting date'));
    await user.click(screen.getByRole('button', { name: 'Register tree' }));
    for (const message of [
      TREE_MESSAGES.typeRequired,
      TREE_MESSAGES.countInvalid,
      TREE_MESSAGES.sizeRequired,
      TREE_MESSAGES.plantedRequired,
      TREE_MESSAGES.locationRequired,
    ])
      expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Tree Type')).toHaveFocus();
    expect(screen.getByLabelText('How many')).toHaveAttribute('aria-invalid', 'true');
    // Editing a field clears its error.
    await user.click(screen.getByRole('radio', { name: 'Packet' }));
    expect(screen.queryByText(TREE_MESSAGES.sizeRequired)).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, 'POST', '/api/trees')).toHaveLength(0);
  });

  it('refuses a planting date in the future', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterTree />);
    const nextYear = new Date().getFullYear() + 1;
    await typeDate(user, 'Planting date', `01/01/${nextYear}`);
    expect(await screen.findByText(TREE_MESSAGES.plantedInFuture)).toBeVisible();
  });

  it("sends the spec's multipart fields with the photo, then opens the new tree", async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterTree />, '/app/tree-registeration');
    await fillIn(user);
    await user.type(screen.getByLabelText('Nickname (optional)'), 'Grandma’s mango');
    const driveSelect = screen.getByLabelText('Planted at a drive (optional)');
    await waitFor(() => expect(within(driveSelect).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(driveSelect, 'd-7');
    await user.upload(
      screen.getByLabelText('Photo (optional)'),
      new File(['jpeg'], 'tree.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByAltText('Preview of the chosen tree photo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register tree' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/trees/t-9'));
    const form = sentForm();
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'treeImage'))).toEqual({
      treesType: '2',
      treeCount: '3',
      treeSize: 'potted',
      plantedAt: '2025-05-01',
      treeLat: '28.61',
      treeLong: '77.23',
      treeLocation: 'Lodhi Garden',
      treeName: 'Grandma’s mango',
      driveId: 'd-7',
    });
    expect((form.get('treeImage') as File).name).toBe('tree.jpg');
  });

  it("shows the server's refusal beside the field it names", async () => {
    const user = userEvent.setup();
    answer = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: TREE_MESSAGES.driveNotYours,
        field: 'driveId',
      },
    };
    renderWithApp(<RegisterTree />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register tree' }));
    const driveSelect = screen.getByLabelText('Planted at a drive (optional)');
    await waitFor(() => expect(driveSelect).toHaveAttribute('aria-invalid', 'true'));
    expect(driveSelect).toHaveAccessibleDescription(
      expect.stringContaining(TREE_MESSAGES.driveNotYours),
    );
    expect(driveSelect).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('registers a replacement for a dead tree (?replaces=), starting from its species, plants, size and place', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterTree replacesTreeId="t-dead" />);
    expect(await screen.findByText(/this tree replaces Old mango/)).toBeInTheDocument();
    // Pre-filled from the dead tree; the planting day, nickname and photo are left to fill.
    expect(screen.getByLabelText('Tree Type')).toHaveValue(String(dead.species.value));
    expect(screen.getByLabelText('How many')).toHaveValue(4);
    expect(screen.getByRole('radio', { name: 'Potted' })).toBeChecked();
    expect(screen.getByLabelText('Location')).toHaveValue('Orchard corner, Kochi');
    // The planting day starts on today (issue 23: sensible defaults).
    expect(screen.getByLabelText('Planting date')).toHaveValue(todayShown());
    expect(screen.getByLabelText('Nickname (optional)')).toHaveValue('');
    await typeDate(user, 'Planting date', '05/01/2025');
    await user.click(screen.getByRole('button', { name: 'Register tree' }));
    await waitFor(() => expect(sentForm()).toBeDefined());
    const sent = sentForm();
    expect(sent.get('replacesTreeId')).toBe('t-dead');
    expect([
      sent.get('treesType'),
      sent.get('treeCount'),
      sent.get('treeSize'),
      sent.get('treeLat'),
      sent.get('treeLong'),
      sent.get('treeLocation'),
    ]).toEqual([
      String(dead.species.value),
      '4',
      'potted',
      '9.9312',
      '76.2673',
      'Orchard corner, Kochi',
    ]);
  });

  it('starts empty when the tree it replaces cannot be read', async () => {
    // No route answers it: the stub's 404 NOT_FOUND, as the server says for another's tree.
    renderWithApp(<RegisterTree replacesTreeId="t-gone" />);
    expect(
      await screen.findByText(/this tree replaces a tree of yours that died/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tree Type')).toHaveValue('');
    expect(screen.getByLabelText('How many')).toHaveValue(1);
  });

  it("registering at a drive starts with the drive's species", async () => {
    renderWithApp(<RegisterTree driveId="d-7" />);
    await waitFor(() => expect(screen.getByLabelText('Tree Type')).toHaveValue('1'));
    expect(screen.getByLabelText('How many')).toHaveValue(1);
  });
});

describe('Tree registration on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes What → Where → Photo & details, never past a step with errors, and sends at the end', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterTree />, '/app/tree-registeration');
    expect(screen.getByRole('heading', { name: 'Step 1 of 3 What' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Register tree' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(TREE_MESSAGES.typeRequired)).toBeVisible();
    expect(screen.getByText(TREE_MESSAGES.sizeRequired)).toBeVisible();
    // The next step is not checked yet, and the form stays on this one.
    expect(screen.queryByText(TREE_MESSAGES.locationRequired)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Tree Type')).toHaveFocus());

    await user.selectOptions(screen.getByLabelText('Tree Type'), 'Aam (Mango)');
    await user.click(screen.getByRole('radio', { name: 'Potted' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3 Where' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(TREE_MESSAGES.locationRequired)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Lodhi Garden'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { name: 'Step 3 of 3 Photo & details' }),
    ).toHaveFocus();
    // Back keeps what was chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Potted' })).toBeChecked();
    expect(screen.getByLabelText('Tree Type')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Register tree' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/trees/t-9'));
    expect(sentForm().get('treeSize')).toBe('potted');
    expect(sentForm().get('treeLocation')).toBe('Lodhi Garden');
  });
});
