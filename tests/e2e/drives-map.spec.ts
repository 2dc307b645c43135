import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';

/**
 * Plantations' map asks for what it shows (issue 20): at world zoom the server counts drives in
 * bubbles; choosing a bubble zooms in until the drives stand alone, each opening its drive.
 */
const SCREENS = [
  // Each screen plants its drives somewhere of its own, far from every other journey's drives.
  // and a number of its own, so its bubble is told apart from the other's.
  { name: 'desktop', width: 1280, height: 900, lat: 64.14, lng: -21.94, drives: 3 },
  { name: '390 px phone', width: 390, height: 844, lat: 64.18, lng: -51.72, drives: 4 },
];

for (const screen of SCREENS)
  test(`the drives map counts drives in bubbles at world zoom and shows them after zooming in (${screen.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    // No animation: each zoom settles at once, so its request follows the click.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const organiser = await apiUser(page.request, {
      role: 'corporate',
      username: `maporg${Date.now()}`,
    });
    const token = await apiToken(page.request, organiser.email);
    const stamp = Date.now();
    const names = Array.from({ length: screen.drives }, (_, i) => `Fjord birch ${stamp} ${i}`);
    // Drives about a kilometre apart, in different weeks.
    for (const [i, driveName] of names.entries())
      await apiDrive(page.request, token, {
        driveName,
        daysAhead: 4 + i * 9,
        place: {
          location: 'Harbour park',
          lat: (screen.lat + i * 0.01).toFixed(4),
          lng: screen.lng.toFixed(4),
          description: 'Birch saplings along the harbour path.',
        },
      });

    await signedInAccount(page);
    const mapAnswer = (zoom: number) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/drives/map' && url.searchParams.get('zoom') === String(zoom);
      });
    const first = mapAnswer(2);
    await page.goto('/app/delive-event?view=map');
    const answer = await first;
    // The world view: the map's box and zoom, upcoming drives, a small answer.
    const url = new URL(answer.url());
    expect(url.searchParams.get('when')).toBe('upcoming');
    const [west, south, east, north] = url.searchParams.get('bbox')!.split(',').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(west < screen.lng && screen.lng < east && south < screen.lat && screen.lat < north).toBe(
      true,
    );
    expect((await answer.body()).length).toBeLessThan(50_000);

    const map = page.getByRole('region', { name: 'Map of tree drives' });
    let bubble = map.getByRole('button', { name: `${screen.drives} drives here — zoom in` });
    await expect(bubble).toBeVisible();
    await expect(bubble).toHaveText(String(screen.drives));
    await expectNoSeriousA11yViolations(page);

    // Each choice zooms in two steps toward the bubble, until the drives stand alone.
    for (let zoom = 4; zoom <= 18; zoom += 2) {
      const next = mapAnswer(zoom);
      await (zoom === 4 ? bubble.press('Enter') : bubble.click());
      await next;
      await expect(page.getByTestId('drives-map')).toHaveAttribute('aria-busy', 'false');
      bubble = map.getByRole('button', { name: /drives here — zoom in$/ }).first();
      if ((await bubble.count()) === 0) break;
    }
    // Close in, the drives themselves (those in view), each opening its drive.
    const drive = map.getByRole('button', { name: new RegExp(`^Fjord birch ${stamp}`) }).first();
    await expect(drive).toBeVisible();
    await drive.click();
    await expect(
      map.getByRole('link', { name: new RegExp(`^Open drive Fjord birch ${stamp}`) }),
    ).toBeVisible();
  });
