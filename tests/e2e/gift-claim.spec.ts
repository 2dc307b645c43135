import { expect, test } from '@playwright/test';
import { donationOptionsResponseSchema } from '../../contract/donations';
import { formatMoney } from '../../contract/money';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser, codeIn, E2E_PASSWORD, mailDir } from '../support/e2e-accounts';
import { signedInAccount } from '../support/shell-session';
import { waitForMail } from '../support/smtp-receiver';
import { payWithTestCard } from '../support/test-card';

const SCREENS = [
  { name: 'desktop', viewport: null },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

for (const screen of SCREENS)
  test(`a donor gives 2 trees to a friend, who signs up from the mailed link and finds them in their forest (${screen.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const organiser = await apiUser(page.request, { role: 'corporate', username: `gco${stamp}` });
    const organiserToken = await apiToken(page.request, organiser.email);
    const driveName = `Gift grove ${stamp}`;
    const drive = await apiDrive(page.request, organiserToken, { driveName });
    await signedInAccount(page, { username: `gcd${stamp}` });
    const options = donationOptionsResponseSchema.parse(
      await (await page.request.get('/api/donations/options')).json(),
    ).data;
    const total = formatMoney(2 * options.treePrice, options.currency);
    const friend = `gcf${stamp}`;
    const friendEmail = `${friend}@example.test`;

    // The donor gives 2 trees to the drive as a gift to a friend, and pays with the test card.
    await page.goto(`/app/delive-detail/${drive.id}`);
    await page
      .getByRole('region', { name: 'Donations', exact: true })
      .getByRole('link', { name: 'Donate' })
      .click();
    await page.getByText('Other number', { exact: true }).click();
    await page.getByLabel('Number of trees').fill('2');
    await page.getByLabel('These trees are a gift').check();
    await page.getByLabel("Recipient's name").fill('Ravi Rao');
    await page.getByLabel("Recipient's email (optional)").fill(friendEmail);
    await page.getByLabel('Message to them (optional)').fill('Happy birthday, Ravi!');
    await expectNoSeriousA11yViolations(page);
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    if (await next.isVisible()) await next.click();
    const since = Date.now();
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await payWithTestCard(page, total);
    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('region', { name: 'Your gift' })).toContainText('Ravi Rao');
    await expect(page.getByRole('region', { name: 'Your gift' })).toContainText('Not yet claimed');

    // The friend's mail: the certificate and the claim link.
    const mail = await waitForMail(mailDir(), friendEmail, since, 20_000);
    expect(mail.subject).toContain('gave you 2 trees');
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
    const link = /https?:\/\/\S+\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    const claimPath = new URL(link![0]).pathname;

    // A new visitor opens the link, signs up, and the gift is claimed on return.
    const context = await browser.newContext(screen.viewport ? { viewport: screen.viewport } : {});
    const visitor = await context.newPage();
    await visitor.goto(claimPath);
    await expect(visitor.getByRole('heading', { name: /gave you 2 trees/ })).toBeVisible();
    await expect(visitor.getByText('Happy birthday, Ravi!')).toBeVisible();
    await expect(visitor.getByText(driveName)).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);
    await visitor.locator('#main').getByRole('link', { name: 'Create an account' }).click();
    await visitor.getByLabel('Username').fill(friend);
    await visitor.getByLabel('Email').fill(friendEmail);
    await visitor.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await visitor.getByLabel('Confirm password').fill(E2E_PASSWORD);
    await visitor
      .getByRole('radiogroup', { name: 'Account type' })
      .getByText('Individual', { exact: true })
      .click();
    const signUp = Date.now();
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    const code = codeIn((await waitForMail(mailDir(), friendEmail, signUp)).text);
    await visitor.getByLabel('Verification code').fill(code!);
    await visitor.getByRole('button', { name: 'Verify Email' }).click();
    await expect(visitor).toHaveURL(new RegExp(`${claimPath}`), { timeout: 15_000 });
    await expect(
      visitor.getByText('The trees are yours: they are in your forest now.'),
    ).toBeVisible({
      timeout: 15_000,
    });
    await visitor.getByRole('link', { name: 'See them in my forest' }).click();
    await expect(visitor).toHaveURL('/app/my-forest');
    await expect(visitor.getByTestId('forest-funded')).toContainText('2');
    await expect(
      visitor.getByRole('region', { name: 'Your tree gifts' }).getByTestId('forest-gift'),
    ).toContainText(driveName);
    // The gift card shares the gift's public page.
    await expect(
      visitor
        .getByRole('region', { name: 'Your tree gifts' })
        .getByRole('link', { name: /^Share 2 trees/ }),
    ).toHaveAttribute('href', /^\/gift\/[^/]+$/);
    await context.close();

    // The giver sees it claimed, on the success page and in Transactions.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your gift' })).toContainText('Claimed');
    await page.goto('/app/transactions');
    const gift = page
      .getByTestId('donation-row')
      .filter({ hasText: driveName })
      .getByTestId('gift-cell');
    await expect(gift).toContainText('Gift to Ravi Rao');
    await expect(gift.getByTestId('gift-claimed')).toHaveText('Claimed');
    await expect(gift.getByRole('button', { name: /Send again/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
