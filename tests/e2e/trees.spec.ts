import { expect, test } from '@playwright/test';
import { CARE_MESSAGES } from '../../contract/tree-care';
import { TREE_MESSAGES } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { buildJpeg } from '../support/images';
import { apiToken } from '../support/drives-e2e';
import { shownDay } from '../support/dates-e2e';
import { signedInAccount } from '../support/shell-session';
import { themeAttribute } from '../support/theme';
import { registeredWhenPlanted } from '../support/trees-e2e';

/** YYYY-MM-DD `days` ago in this machine's time zone (the browser's too). */
function daysAgo(days: number) {
  const when = new Date();
  when.setDate(when.getDate() - days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
}

/** Today as the date field shows it in the browser's locale (en-US here: mm/dd/yyyy). */
const shownToday = () => shownDay(new Date());

test('a member registers a tree, measures it, waters it, loses it and is asked to replant', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Reduced motion: the map jumps to a found place at once, so the click below lands where expected.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAccount(page);
  const nickname = `Courtyard neem ${Date.now()}`;

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Tree Registration' })
    .click();
  await expect(page).toHaveURL(/\/app\/tree-registeration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tree Registration' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Register a tree' });

  // At 1280 px the whole form is one screen, in three parts (a phone has them as steps).
  for (const part of ['What', 'Where', 'Photo & details'])
    await expect(form.getByRole('heading', { level: 3, name: part })).toBeVisible();
  await expect(form.getByText(/Step \d of 3/)).toHaveCount(0);
  // Sending it empty says what is missing, in the contract's words, and sends nothing (the
  // planting day starts on today; emptied, it is required).
  await expect(form.getByLabel('Planting date')).toHaveValue(shownToday());
  await form.getByLabel('Planting date').fill('');
  await form.getByRole('button', { name: 'Register tree' }).click();
  for (const message of [
    TREE_MESSAGES.typeRequired,
    TREE_MESSAGES.sizeRequired,
    TREE_MESSAGES.plantedRequired,
    TREE_MESSAGES.locationRequired,
  ])
    await expect(form.getByText(message)).toBeVisible();
  await expect(form.getByLabel('Tree Type')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Find a species').fill('neem');
  await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
  await form.getByLabel('How many').fill('2');
  await form
    .getByRole('radiogroup', { name: 'Size at planting' })
    .getByText('Packet', { exact: true })
    .click();
  // Planted a month ago (its care counts from today, when it is registered; see below).
  await form.getByLabel('Planting date').fill(daysAgo(30));

  // The location: the drive form's search and map, then a click a little east of the place found.
  await form.getByLabel('Search location').fill('Lodhi Garden');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  // The map sits in the form's Where part: it loads once scrolled into view.
  await form.getByLabel('Location', { exact: true }).scrollIntoViewIfNeeded();
  const map = form.getByRole('region', { name: 'Map: click to choose where the tree stands' });
  await expect(map.getByRole('img', { name: 'Chosen location' })).toBeVisible();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 20, y: box.height / 2 } });
  await expect(form.getByTestId('chosen-point')).not.toHaveText(/77\.219700/);
  await expect(form.getByText(TREE_MESSAGES.locationRequired)).toHaveCount(0);

  // The point alone (the place name may still be looked up beside it).
  const chosenPoint = /Latitude: [-\d.]+, Longitude: [-\d.]+/.exec(
    (await form.getByTestId('chosen-point').textContent()) ?? '',
  )?.[0];
  await form.getByLabel('Nickname (optional)').fill(nickname);
  await form.getByLabel('Photo (optional)').setInputFiles({
    name: 'neem.jpg',
    mimeType: 'image/jpeg',
    buffer: await buildJpeg({ width: 640, height: 480, seed: 7 }),
  });
  await expect(form.getByRole('img', { name: 'Preview of the chosen tree photo' })).toBeVisible();
  await form.getByRole('button', { name: 'Register tree' }).click();

  // The tree's page: its photo, the predicted impact with its range and where the method is.
  await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
  const treeUrl = page.url();
  await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();
  await expect(page.getByTestId('tree-plants')).toHaveText('2 plants');
  await expect(page.getByRole('img', { name: `Photo of ${nickname}` })).toHaveAttribute(
    'src',
    /^\/api\/files\/[a-f0-9]{64}$/,
  );
  await expect(page.getByTestId('impact-co2')).toContainText(/likely between [\d.]+ kg and/);
  await expect(page.getByText(/Predicted from the species’ typical growth/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'How is this computed?' })).toHaveAttribute(
    'href',
    '/documentation#impact-method',
  );

  // A measurement with a photo: the chart shows it against the prediction.
  await page.getByRole('button', { name: 'Add a measurement' }).click();
  const measure = page.getByRole('dialog', { name: 'Add a measurement' });
  await measure.getByLabel('Height (cm)').fill('95');
  await measure.getByLabel('Trunk diameter (cm)').fill('1.2');
  await measure.getByLabel('Plants alive (optional)').fill('2');
  await measure.getByLabel('Photo (optional)').setInputFiles({
    name: 'neem-later.jpg',
    mimeType: 'image/jpeg',
    buffer: await buildJpeg({ width: 480, height: 640, seed: 8 }),
  });
  await measure.getByRole('button', { name: 'Save measurement' }).click();
  await expect(page.getByText(CARE_MESSAGES.measured)).toBeVisible();
  await expect(measure).toBeHidden();
  await expect(page.getByText('Estimated from the latest measurement.')).toBeVisible();
  const height = page.getByRole('img', { name: 'Height (cm)' });
  await expect(height).toBeVisible();
  await expect(height).toHaveAttribute('data-measured-count', '1');
  await expect(height.locator('canvas')).toBeVisible();
  await page.getByText('Show the figures as a table').click();
  await expect(page.getByRole('table').getByRole('row', { name: /Measured/ })).toContainText('95');
  await expect(page.getByTestId('photo-timeline').getByRole('img')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // Registered today, its care counts from today: as if registered the day it was planted (a
  // month ago), the first year's weekly watering is due.
  await registeredWhenPlanted([new URL(treeUrl).pathname.split('/').pop()!]);

  // My Trees: the watering due today, done in one click.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Trees' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Trees' })).toBeVisible();
  await expect(page.getByTestId('tree-card')).toHaveCount(1);
  const due = page.getByRole('region', { name: 'Care due today' });
  await due.getByRole('button', { name: `Done: Water ${nickname}` }).click();
  await expect(page.getByText(CARE_MESSAGES.careLogged)).toBeVisible();
  await expect(due.getByRole('button', { name: `Done: Water ${nickname}` })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expectNoSeriousA11yViolations(page);

  // It died: marked dead with a cause, it stops counting and a replanting task appears.
  await page.goto(treeUrl);
  await page.getByRole('button', { name: 'Mark as dead' }).click();
  const death = page.getByRole('dialog', { name: 'Mark as dead' });
  await death.getByRole('button', { name: 'Mark as dead' }).click();
  await expect(death.getByText(CARE_MESSAGES.causeRequired)).toBeVisible();
  await death.getByLabel('What killed it?').selectOption('drought');
  await death.getByRole('button', { name: 'Mark as dead' }).click();
  await expect(page.getByTestId('tree-health')).toContainText('Dead (Drought)');
  await expect(page.getByText('A dead tree counts zero.')).toBeVisible();
  await expect(page.getByTestId('impact-co2')).toContainText('about 0 kg');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Trees' })
    .click();
  const replanting = page.getByRole('region', { name: 'Replanting' });
  await expect(replanting.getByText(`${nickname} died`)).toBeVisible();
  await replanting.getByRole('link', { name: `Replant ${nickname}` }).click();
  await expect(page).toHaveURL(/\/app\/tree-registeration\?replaces=/);
  await expect(page.getByTestId('replaces-note')).toContainText(`this tree replaces ${nickname}`);
  // The replacement starts as the dead tree was: species, plants, size, place and point.
  const again = page.getByRole('form', { name: 'Register a tree' });
  await expect(again.getByLabel('Tree Type')).toHaveValue(/\d+/);
  await expect(again.getByLabel('Tree Type').locator('option:checked')).toHaveText('Neem');
  await expect(again.getByLabel('How many')).toHaveValue('2');
  await expect(again.getByRole('radio', { name: 'Packet' })).toBeChecked();
  await expect(again.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  expect(chosenPoint).toBeDefined();
  await expect(again.getByTestId('chosen-point')).toContainText(chosenPoint!);
  await expect(again.getByLabel('Planting date')).toHaveValue(shownToday());
  await again.getByLabel('Planting date').fill(daysAgo(1));
  await again.getByRole('button', { name: 'Register tree' }).click();
  await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
  await expect(page.getByTestId('tree-plants')).toHaveText('2 plants');
});

test('My Trees, a tree page and the trees map pass axe in the dark theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const { email } = await signedInAccount(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('dark'));
  const token = await apiToken(page.request, email);
  const created = await page.request.post('/api/trees', {
    headers: { 'x-auth-token': token },
    multipart: {
      treesType: '2',
      treeCount: '3',
      treeSize: 'potted',
      plantedAt: daysAgo(400),
      treeLat: '12.9763',
      treeLong: '77.5929',
      treeLocation: 'Cubbon Park, Bengaluru',
      treeName: 'Lake mangoes',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { tree: { id: string } } }).data.tree;

  await page.goto('/app/tree-registeration');
  await page.getByRole('button', { name: 'Register tree' }).click();
  await expect(page.getByText(TREE_MESSAGES.typeRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/app/my-trees');
  await expect(page.getByTestId('tree-card')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Map of my trees' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/app/trees/${id}`);
  await expect(page.getByRole('img', { name: 'Height (cm)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trees map' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trees map' })).toBeVisible();
  const map = page.getByRole('region', { name: "Map of the community's trees" });
  await expect(map).toBeVisible();
  await page.getByLabel('Status').selectOption('dead');
  await expect(page).toHaveURL(/\/app\/trees-map\?status=dead$/);
  // The first journey's tree is dead; this one is not, so the filter is the server's.
  await expect(map.or(page.getByText('No trees match these filters yet.'))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the trees map counts trees in bubbles at world zoom and shows them after zooming in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // No animation: each zoom settles at once, so its request follows the click.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { email } = await signedInAccount(page);
  const token = await apiToken(page.request, email);
  // Three trees about a kilometre apart near Reykjavík, far from every other journey's trees.
  for (const lat of ['64.1400', '64.1500', '64.1600']) {
    const created = await page.request.post('/api/trees', {
      headers: { 'x-auth-token': token },
      multipart: {
        treesType: '1',
        treeCount: '1',
        treeSize: 'potted',
        plantedAt: daysAgo(60),
        treeLat: lat,
        treeLong: '-21.9400',
        treeLocation: 'Reykjavík',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  const mapAnswer = (zoom: number) =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/trees/map' && url.searchParams.get('zoom') === String(zoom);
    });
  const first = mapAnswer(2);
  await page.goto('/app/trees-map');
  const answer = await first;
  // The world view: the box and zoom, and an answer far under 50 KB.
  const [west, south, east, north] = new URL(answer.url()).searchParams
    .get('bbox')!
    .split(',')
    .map(Number) as [number, number, number, number];
  expect(west < -21.94 && -21.94 < east && south < 64.15 && 64.15 < north).toBe(true);
  const bytes = (await answer.body()).length;
  test.info().annotations.push({ type: 'world view', description: `${bytes} bytes` });
  expect(bytes).toBeLessThan(50_000);

  const map = page.getByRole('region', { name: "Map of the community's trees" });
  // Other journeys' trees may make another "3" bubble (Bengaluru, Hobart): Reykjavík's is the northernmost.
  const threes = map.getByRole('button', { name: '3 trees here — zoom in' });
  await expect(threes.first()).toBeVisible();
  const tops = await threes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  let bubble = threes.nth(tops.indexOf(Math.min(...tops)));
  await expect(bubble).toBeVisible();
  await expect(bubble).toHaveText('3');
  await expectNoSeriousA11yViolations(page);

  // Each choice zooms in two steps toward the bubble, until the trees stand alone.
  for (let zoom = 4; zoom <= 16; zoom += 2) {
    const next = mapAnswer(zoom);
    await (zoom === 4 ? bubble.press('Enter') : bubble.click());
    await next;
    await expect(page.getByTestId('trees-map')).toHaveAttribute('aria-busy', 'false');
    bubble = map.getByRole('button', { name: /trees here — zoom in$/ }).first();
    if ((await bubble.count()) === 0) break;
  }
  // Close in, the trees themselves (those in view), each with its popup.
  const tree = map.getByRole('button', { name: 'Neem' }).first();
  await expect(tree).toBeVisible();
  await tree.click();
  await expect(map.getByRole('link', { name: 'Open tree Neem' })).toBeVisible();
});
