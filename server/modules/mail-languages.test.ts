import { describe, expect, it } from 'vitest';
import { resetPasswordMail, signInFailuresMail } from './auth/auth-emails';
import { receiptMail } from './donations/donation-emails';
import { describeGift } from './donations/donation-mapper';
import { statementMail } from './donations/donation-statements';
import { paymentFailedMail, renewalNoticeMail } from './donations/recurring-emails';
import { walkInInvitationMail } from './drives/drive-attendance';
import { reminderMail } from './drives/drive-reminders';
import { teamInviteMail } from './teams/team-emails';
import { translator } from '../lib/i18n';

// Issue 26: each mail reads in the recipient's saved language; English stays as it was.
const drive = {
  name: 'Riverbank planting',
  starts_at: '2026-03-05T03:30:00.000Z',
  time_zone: 'Asia/Kolkata',
  location_text: 'Pune',
};
const gift = { kind: 'trees' as const, trees: 5, amount_minor: 2500, currency: 'USD' };

const mails = (locale: string | null) => [
  resetPasswordMail('a@b.org', 'Rowan', 'http://x/reset', locale),
  signInFailuresMail('a@b.org', 'Rowan', 7, 'http://x/forgot', locale),
  teamInviteMail('a@b.org', 'Green Co', 'Kai', 'admin', 'http://x/i', locale),
  reminderMail('a@b.org', 'Rowan', drive, 'ABCD', 'http://x/d', locale),
  walkInInvitationMail('a@b.org', 'Rowan', drive.name, 'http://x/c', locale),
  receiptMail({
    to: 'a@b.org',
    name: 'Rowan',
    receiptNumber: 'R-1',
    gift: describeGift(
      { kind: 'trees', trees: 12, driveName: drive.name },
      translator(locale, 'mail-donations'),
    ),
    amount: '$60.00',
    link: 'http://x/t',
    testMode: true,
    certificate: true,
    locale,
  }),
  paymentFailedMail({
    to: 'a@b.org',
    name: 'Rowan',
    gift: { ...gift, interval: 'month' },
    link: 'http://x/b',
    reason: 'Card declined.',
    final: false,
    portal: true,
    locale,
  }),
  renewalNoticeMail({
    to: 'a@b.org',
    name: 'Rowan',
    gift: { ...gift, kind: 'cash', interval: 'year' },
    link: 'http://x/b',
    on: '2026-03-05',
    locale,
  }),
  statementMail('a@b.org', 'Rowan', 2025, 'http://x/b', locale),
];

describe('mails in the recipient’s language', () => {
  it('keeps English as it was', () => {
    const [reset, failures, invite, reminder, walkIn, receipt, failed, renewal, statement] =
      mails(null);
    expect(reset!.subject).toBe('Reset your Canopy password');
    expect(failures!.text).toContain('with a wrong password 7 times in the last hour.');
    expect(invite!.text).toContain('Kai invited you to join the Green Co team on Canopy as admin.');
    expect(reminder!.text).toContain(
      'Hello Rowan, "Riverbank planting" starts 5 March 2026, 09:00 (Asia/Kolkata) at Pune.',
    );
    expect(walkIn!.subject).toBe(
      'You were at "Riverbank planting": claim your volunteer hours on Canopy',
    );
    expect(receipt!.text).toContain(
      'We received your payment of $60.00: 12 trees for "Riverbank planting".',
    );
    expect(failed!.text).toContain('your gift of 5 trees every month. Card declined.');
    expect(failed!.text).toContain('open Billing and choose "Manage cards and invoices".');
    expect(renewal!.subject).toBe('Your yearly gift to Canopy renews on 5 March 2026');
    expect(renewal!.text).toContain('$25.00 every year renews on 5 March 2026: $25.00 will be');
    expect(statement!.subject).toBe('Your Canopy statement for 2025');
  });

  it('writes every mail in Spanish', () => {
    const [reset, failures, invite, reminder, walkIn, receipt, failed, renewal, statement] =
      mails('es');
    expect(reset!.subject).toBe('Restablece tu contraseña de Canopy');
    expect(failures!.text).toContain('una contraseña incorrecta 7 veces');
    expect(invite!.text).toContain('como administrador.');
    expect(reminder!.text).toContain('«Riverbank planting» empieza el 5 de marzo de 2026');
    expect(walkIn!.text).toContain('gracias por plantar con nosotros');
    expect(receipt!.text).toContain('12 árboles para «Riverbank planting»');
    expect(failed!.text).toContain('5 árboles cada mes');
    expect(renewal!.subject).toBe('Tu donación anual a Canopy se renueva el 5 de marzo de 2026');
    expect(statement!.text).toContain('— El equipo de Canopy');
    for (const mail of mails('es')) expect(mail.html).toContain('<body lang="es"');
  });

  it('writes every mail in Hindi', () => {
    const [reset, failures, invite, reminder, walkIn, receipt, failed, renewal, statement] =
      mails('hi');
    expect(reset!.subject).toBe('अपना Canopy पासवर्ड रीसेट कीजिए');
    expect(failures!.text).toContain('7 बार साइन इन करने की कोशिश की');
    expect(invite!.text).toContain('एडमिन के रूप में');
    expect(reminder!.subject).toBe('कल: Riverbank planting');
    expect(walkIn!.text).toContain('हमारे साथ पेड़ लगाने के लिए धन्यवाद');
    expect(receipt!.text).toContain('"Riverbank planting" के लिए 12 पेड़');
    expect(failed!.text).toContain('हर महीने 5 पेड़');
    expect(renewal!.text).toContain('$25.00');
    expect(statement!.subject).toBe('2025 के लिए आपका Canopy विवरण');
    for (const mail of mails('hi')) expect(mail.html).toContain('<body lang="hi"');
  });
});
