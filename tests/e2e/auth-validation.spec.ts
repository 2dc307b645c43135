import { expect, test, type Page } from '@playwright/test';

/** The error shown under the field labelled `label`, checked through aria-describedby. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(message)));
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function expectNoFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('login: required fields on submit and on blur; editing clears the error', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectFieldError(page, 'Email', 'Email Id is required!');
  await expectFieldError(page, 'Password', 'Password is required!');
  // Focus goes to the first field in error.
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

  await page.getByLabel('Email', { exact: true }).fill('a');
  await expectNoFieldError(page, 'Email', 'Email Id is required!');
  await expectFieldError(page, 'Password', 'Password is required!');

  // Blank after trimming counts as empty; checked when the field is left.
  await page.getByLabel('Email', { exact: true }).fill('   ');
  await page.getByLabel('Email', { exact: true }).blur();
  await expectFieldError(page, 'Email', 'Email Id is required!');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await expectNoFieldError(page, 'Password', 'Password is required!');
});

test('register: required fields, account type tiles, password mismatch', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page, 'Username', 'Username is required!');
  await expectFieldError(page, 'Email', 'Email Id is required!');
  await expectFieldError(page, 'Password', 'Password is required!');
  await expectFieldError(page, 'Account type', 'Role is required!');

  await page.getByLabel('Username', { exact: true }).fill('leafy');
  await expectNoFieldError(page, 'Username', 'Username is required!');
  await page.getByLabel('Email', { exact: true }).fill('leafy@example.test');
  await expectNoFieldError(page, 'Email', 'Email Id is required!');

  await page.getByLabel('Password', { exact: true }).fill('leafy-Canopy-2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('leafy-Canopy-2027');
  await page.getByLabel('Confirm password', { exact: true }).blur();
  await expectFieldError(page, 'Confirm password', 'Passwords do not match!');
  await page.getByLabel('Confirm password', { exact: true }).fill('leafy-Canopy-2026');
  await expectNoFieldError(page, 'Confirm password', 'Passwords do not match!');

  // The account type is chosen by tile (a radiogroup): none is chosen at first, so sending with
  // everything else filled is refused with the spec's message and focus goes to the tiles.
  const role = page.getByRole('radiogroup', { name: 'Account type' });
  await expect(role.getByRole('radio')).toHaveCount(3);
  for (const name of ['Individual', 'Corporate/Institution', 'Partner Nursery'])
    await expect(role.getByRole('radio', { name, exact: true })).not.toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page, 'Account type', 'Role is required!');
  // The only field left in error takes focus (its first tile).
  await expect(role.getByRole('radio', { name: 'Individual', exact: true })).toBeFocused();
  // Choosing a tile clears the error; arrow keys move between tiles.
  await page.getByText('Partner Nursery', { exact: true }).click();
  await expect(role.getByRole('radio', { name: 'Partner Nursery' })).toBeChecked();
  await expectNoFieldError(page, 'Account type', 'Role is required!');
  await page.keyboard.press('ArrowLeft');
  await expect(role.getByRole('radio', { name: 'Corporate/Institution' })).toBeChecked();
});

test('forgot password: email required', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectFieldError(page, 'Email address', 'Email address is required!');
  await page.getByLabel('Email address', { exact: true }).fill('a@b.c');
  await expectNoFieldError(page, 'Email address', 'Email address is required!');
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
});

test('reset password: every field required, passwords must match', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectFieldError(page, 'Email address', 'Email address is required!');
  await expectFieldError(page, 'Reset token', 'Reset token is required!');
  await expectFieldError(page, 'New password', 'New password is required!');

  await page.getByLabel('Reset token', { exact: true }).fill('abc');
  await expectNoFieldError(page, 'Reset token', 'Reset token is required!');
  await page.getByLabel('New password', { exact: true }).fill('leafy-Canopy-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('nope');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectFieldError(page, 'Confirm new password', 'Passwords do not match!');
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
});

test('otp: code required; the email is asked for when it was not passed along', async ({
  page,
}) => {
  await page.goto('/otp');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expectFieldError(page, 'Email', 'Email Id is required!');
  await expectFieldError(page, 'Verification code', 'Otp Code is required!');
  await page.getByLabel('Verification code', { exact: true }).fill('12');
  await expectNoFieldError(page, 'Verification code', 'Otp Code is required!');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/register',
  );

  // With the email in the address, only the code is asked for.
  await page.goto('/otp?email=someone%40example.test');
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
  await expect(page.getByText('someone@example.test')).toBeVisible();
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expectFieldError(page, 'Verification code', 'Otp Code is required!');
});
