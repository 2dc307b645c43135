import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { testReversalEvent } from '../payments/test-provider';
import { donationApi } from './donation-test-kit';

// Issue 26: the organiser's "received a donation" notice is written in the organiser's language.
describe.each(databaseTargets)('donation notices in the reader’s language on $name', (target) => {
  const api = donationApi(target);

  it('tells a Hindi organiser about a gift to their drive in Hindi', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate', locale: 'hi' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank' });
    const donor = await api.signIn({ locale: 'es' });
    const { id } = await api.pending(donor.headers, {
      kind: 'trees',
      trees: 2,
      driveId: drive.id,
      category: 'Trees',
    });
    await api.pay(donor.headers, id);
    const [received] = await api.noticesOf(organiser.user.id);
    expect(received).toMatchObject({
      kind: 'donation_received',
      title: 'आपके अभियान को एक दान मिला',
    });
    expect(received!.body).toMatch(/ ने "Riverbank" को 2 पेड़ दान किए।$/);
  });

  it('tells a Spanish donor of a refund in Spanish', async () => {
    await api.setup();
    const donor = await api.signIn({ locale: 'es' });
    const { id } = await api.pending(donor.headers, { kind: 'cash', amount: 2500 });
    await api.pay(donor.headers, id);
    const row = await api.row(id);
    await api.services().payments.fulfil(testReversalEvent(row, 'refund'));
    const refunded = (await api.noticesOf(donor.user.id)).find(
      (n) => n.kind === 'donation_refunded',
    );
    expect(refunded).toMatchObject({ title: 'Te devolvimos una donación' });
    expect(refunded!.body).toMatch(/^25,00\sUS\$ volvieron a tu tarjeta \(recibo CAN-/);
  });
});
