import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIFT_LIMITS, GIFT_MESSAGES, parseRecipientsCsv } from '../../../contract/gifts';
import { pdfText } from '../../../tests/support/pdf-text';
import { databaseTargets } from '../../../tests/support/test-database';
import { APP_URL, donationApi, settle, type Headers } from './donation-test-kit';

const claimLinkOf = (text: string) =>
  new RegExp(`${APP_URL}/claim/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? '';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe.each(databaseTargets)('trees given to someone on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  /** A donor's paid gift of 2 trees to a drive for `gift`; answers the donation id. */
  async function paidGift(
    gift: Record<string, unknown> = {
      recipientName: 'Ravi Rao',
      recipientEmail: 'ravi@example.com',
    },
    donorOverrides: Record<string, unknown> = { name: 'Asha Menon' },
  ) {
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank planting' });
    const donor = await api.signIn(donorOverrides);
    const { id } = await api.pending(donor.headers, {
      kind: 'trees',
      trees: 2,
      driveId: drive.id,
      category: 'Trees',
      gift,
    });
    expect((await api.pay(donor.headers, id)).statusCode).toBe(200);
    await settleQueue();
    return { donor, drive, id };
  }
  /** Waits until every queued job (and mail) has run. */
  const settleQueue = () => api.services().queue.idle(5000);

  const claim = (code: string, headers: Headers = {}) =>
    call('POST', `/api/gifts/${code}/claim`, headers);
  const forest = async (headers: Headers) =>
    (await call('GET', '/api/forest', headers)).json().data as {
      summary: { funded: number };
      gifts: Array<{ donationId: string; trees: number }>;
    };

  it('refuses invalid gifts with the field and message (400)', async () => {
    await api.setup();
    const me = await api.signIn();
    for (const [body, message] of [
      [
        { kind: 'trees', trees: 1, category: 'Trees', gift: { recipientName: '' } },
        GIFT_MESSAGES.nameRequired,
      ],
      [
        {
          kind: 'trees',
          trees: 1,
          category: 'Trees',
          gift: { recipientName: 'R', recipientEmail: 'nope' },
        },
        GIFT_MESSAGES.emailInvalid,
      ],
      [
        {
          kind: 'trees',
          trees: 1,
          category: 'Trees',
          gift: { recipientName: 'R', message: 'x'.repeat(501) },
        },
        GIFT_MESSAGES.messageTooLong,
      ],
      [
        {
          kind: 'trees',
          trees: 1,
          category: 'Trees',
          gift: { recipientName: 'R', sendOn: '2026-05-31' },
        },
        GIFT_MESSAGES.sendOnRange,
      ],
      [
        {
          kind: 'trees',
          trees: 1,
          category: 'Trees',
          gift: { recipientName: 'R', sendOn: '2027-06-03' },
        },
        GIFT_MESSAGES.sendOnRange,
      ],
      [
        { kind: 'cash', amount: 2500, category: 'Trees', gift: { recipientName: 'R' } },
        GIFT_MESSAGES.treesOnly,
      ],
    ] as const) {
      const res = await api.donate(me.headers, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await api.db().selectFrom('donation_gifts').selectAll().execute()).toEqual([]);
  });

  it('mails the recipient at once after payment with their certificate and a single-use link; only its hash is stored', async () => {
    await api.setup();
    const { donor, id } = await paidGift({
      recipientName: 'Ravi Rao',
      recipientEmail: 'ravi@example.com',
      message: 'Happy birthday!',
    });
    const mail = await api.mailer.next('ravi@example.com');
    expect(mail.subject).toBe('Asha Menon gave you 2 trees');
    expect(mail.text).toContain('Happy birthday!');
    const code = claimLinkOf(mail.text);
    expect(code).toHaveLength(43);
    const attachment = mail.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    const text = pdfText(attachment!.content).replace(/\s+/g, ' ');
    expect(text).toContain('Ravi Rao');
    expect(text).toContain('received 2 trees for “Riverbank planting”');
    expect(text).toContain('Given by Asha Menon');

    const [row] = await api.db().selectFrom('donation_gifts').selectAll().execute();
    expect(row!.code_hash).toBe(sha256(code));
    expect(row!.sent_at).not.toBeNull();
    // The code appears in no answer to the giver when the recipient has an email.
    for (const url of [`/api/donations/${id}`, `/api/donations/${id}/gifts`, '/api/donations']) {
      const res = await call('GET', url, donor.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(code);
    }
    const gifts = (await call('GET', `/api/donations/${id}/gifts`, donor.headers)).json().data;
    expect(gifts).toMatchObject({ total: 1, claimed: 0, next: null });
    expect(gifts.gifts[0]).toMatchObject({
      recipientName: 'Ravi Rao',
      claimed: false,
      claimUrl: null,
    });
  });

  it('previews a gift without signing in, never with the donor’s email; unknown codes are 404', async () => {
    await api.setup();
    const { donor } = await paidGift({
      recipientName: 'Ravi Rao',
      recipientEmail: 'ravi@example.com',
      message: 'For you',
    });
    const code = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    const res = await call('GET', `/api/gifts/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      recipientName: 'Ravi Rao',
      trees: 2,
      message: 'For you',
      giverName: 'Asha Menon',
      drive: { name: 'Riverbank planting' },
      planted: 0,
      status: 'funded',
      claimed: false,
    });
    expect(res.body).not.toContain(donor.user.email);
    for (const bad of ['x'.repeat(43), 'short']) {
      const unknown = await call('GET', `/api/gifts/${bad}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(GIFT_MESSAGES.notFound);
    }
  });

  it('hides the giver of an anonymous gift', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id);
    const donor = await api.signIn({ name: 'Hidden Person' });
    const { id } = await api.pending(donor.headers, {
      kind: 'trees',
      trees: 1,
      driveId: drive.id,
      category: 'Trees',
      anonymous: true,
      gift: { recipientName: 'Ravi', recipientEmail: 'ravi@example.com' },
    });
    await api.pay(donor.headers, id);
    const mail = await api.mailer.next('ravi@example.com');
    expect(mail.text).not.toContain('Hidden Person');
    const preview = await call('GET', `/api/gifts/${claimLinkOf(mail.text)}`);
    expect(preview.json().data.giverName).toBeNull();
  });

  it('claims once into the claimer’s forest: 401 signed out, 409 twice, own gift refused; the recipient gets the certificate', async () => {
    await api.setup();
    const { donor, id } = await paidGift();
    const code = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    expect((await claim(code)).statusCode).toBe(401);
    const own = await claim(code, donor.headers);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(GIFT_MESSAGES.ownGift);
    expect((await forest(donor.headers)).summary.funded).toBe(2);

    const ravi = await api.signIn({ name: 'Ravi Rao' });
    const ok = await claim(code, ravi.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: GIFT_MESSAGES.claimed,
      data: { donationId: id, trees: 2 },
    });
    const again = await claim(code, ravi.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GIFT_MESSAGES.alreadyClaimed);
    const stranger = await api.signIn();
    expect((await claim(code, stranger.headers)).statusCode).toBe(409);

    const theirs = await forest(ravi.headers);
    expect(theirs.summary.funded).toBe(2);
    expect(theirs.gifts).toMatchObject([{ donationId: id, trees: 2 }]);
    const givers = await forest(donor.headers);
    expect(givers.summary.funded).toBe(0);
    expect(givers.gifts).toEqual([]);

    const certificate = await call('GET', `/api/donations/${id}/certificate`, ravi.headers);
    expect(certificate.statusCode).toBe(200);
    expect(pdfText(certificate.rawPayload).replace(/\s+/g, ' ')).toContain('Ravi Rao');
    expect(
      (await call('GET', `/api/donations/${id}/certificate`, stranger.headers)).statusCode,
    ).toBe(404);

    const list = (await call('GET', `/api/donations/${id}/gifts`, donor.headers)).json().data;
    expect(list).toMatchObject({ total: 1, claimed: 1 });
    expect(list.gifts[0].claimed).toBe(true);
  });

  it('refuses a bad page of recipients (400), and an unknown or malformed claim code (404)', async () => {
    await api.setup();
    const { donor, id } = await paidGift();
    for (const query of ['limit=0', `limit=${GIFT_LIMITS.pageMax + 1}`, `after=${'x'.repeat(101)}`])
      expect(
        (await call('GET', `/api/donations/${id}/gifts?${query}`, donor.headers)).statusCode,
        query,
      ).toBe(400);
    const ravi = await api.signIn();
    for (const bad of ['x'.repeat(43), 'short']) {
      const res = await claim(bad, ravi.headers);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(GIFT_MESSAGES.notFound);
    }
    expect((await forest(ravi.headers)).summary.funded).toBe(0);
  });

  it('lets exactly one of two concurrent claims win', async () => {
    await api.setup();
    await paidGift();
    const code = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    const [a, b] = [await api.signIn(), await api.signIn()];
    const results = await Promise.all([claim(code, a.headers), claim(code, b.headers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await api.db().selectFrom('donation_gifts').selectAll().execute();
    expect(rows[0]!.claimed_by).not.toBeNull();
    const donation = await api.row(rows[0]!.donation_id);
    expect(donation.claimed_trees).toBe(2);
  });

  it('mails a gift for a later day on that day (the daily schedule on the app clock)', async () => {
    await api.setup();
    await paidGift({
      recipientName: 'Ravi',
      recipientEmail: 'ravi@example.com',
      sendOn: '2026-06-15',
    });
    await settle();
    expect(api.mailer.sent.filter((m) => m.to === 'ravi@example.com')).toEqual([]);
    const gifts = api.services().donations.gifts;
    api.clock.set('2026-06-14T23:59:00.000Z');
    expect(await gifts.sendDueGifts()).toBe(0);
    api.clock.set('2026-06-15T00:05:00.000Z');
    expect(await gifts.sendDueGifts()).toBe(1);
    await settleQueue();
    const mail = await api.mailer.next('ravi@example.com');
    expect(mail.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await gifts.sendDueGifts()).toBe(0);
  });

  it('gives the giver the link of a gift without an email, on the list and in the receipt', async () => {
    await api.setup();
    const { donor, id } = await paidGift({ recipientName: 'Grandma' });
    const receipt = await api.mailer.next(donor.user.email);
    const code = claimLinkOf(receipt.text);
    expect(receipt.text).toContain('For Grandma:');
    const list = (await call('GET', `/api/donations/${id}/gifts`, donor.headers)).json().data;
    expect(list.gifts[0].claimUrl).toBe(`${APP_URL}/claim/${code}`);
    const other = await api.signIn();
    expect((await call('GET', `/api/donations/${id}/gifts`, other.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/donations/${id}/gifts`)).statusCode).toBe(401);
    const resend = await call('POST', `/api/donations/${id}/gift/resend`, donor.headers, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(GIFT_MESSAGES.resendNoEmail);
    expect((await claim(code, other.headers)).statusCode).toBe(200);
    const after = (await call('GET', `/api/donations/${id}/gifts`, donor.headers)).json().data;
    expect(after.gifts[0]).toMatchObject({ claimed: true, claimUrl: null });
  });

  it('resends with a new link that replaces the old one, for the donor only, a few times an hour', async () => {
    await api.setup();
    const { donor, id } = await paidGift();
    const first = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    const url = `/api/donations/${id}/gift/resend`;
    expect((await call('POST', url, {}, {})).statusCode).toBe(401);
    const other = await api.signIn();
    expect((await call('POST', url, other.headers, {})).statusCode).toBe(404);
    expect((await call('POST', url, donor.headers, { giftId: 'nope' })).statusCode).toBe(404);

    const res = await call('POST', url, donor.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GIFT_MESSAGES.resent);
    expect(res.body).not.toContain(first);
    await settleQueue();
    const second = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/gifts/${first}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/gifts/${second}`)).statusCode).toBe(200);

    expect((await call('POST', url, donor.headers, {})).statusCode).toBe(200);
    expect((await call('POST', url, donor.headers, {})).statusCode).toBe(200);
    const limited = await call('POST', url, donor.headers, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(GIFT_MESSAGES.resendTooOften);
    api.clock.advance(3600_000);
    await settleQueue();
    const latest = (
      await api.db().selectFrom('donation_gifts').select('code_version').executeTakeFirstOrThrow()
    ).code_version;
    expect(latest).toBe(3);
    const ravi = await api.signIn();
    // Only the newest code works, whichever mail the queue (4 at a time) sent last; it claims, and
    // afterwards nothing is resent.
    const links = api.mailer.sent
      .filter((m) => m.to === 'ravi@example.com')
      .map((m) => claimLinkOf(m.text));
    const live: string[] = [];
    for (const link of new Set(links))
      if ((await call('GET', `/api/gifts/${link}`)).statusCode === 200) live.push(link);
    expect(live).toHaveLength(1);
    expect((await claim(live[0]!, ravi.headers)).statusCode).toBe(200);
    const done = await call('POST', url, donor.headers, {});
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(GIFT_MESSAGES.resendClaimed);
  });

  describe('corporate gifts', () => {
    const batchUrl = '/api/donations/gifts/batch';
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `Person ${i + 1}`,
        email: `p${i + 1}@example.com`,
      }));

    it('is for corporate accounts (401 signed out, 403 others) and checks every row by line', async () => {
      await api.setup();
      expect(
        (await call('POST', batchUrl, {}, { treesEach: 1, recipients: rows(1) })).statusCode,
      ).toBe(401);
      const person = await api.signIn();
      expect(
        (await call('POST', batchUrl, person.headers, { treesEach: 1, recipients: rows(1) }))
          .statusCode,
      ).toBe(403);
      const org = await api.signIn({ profile_type: 'corporate' });
      const bad = await call('POST', batchUrl, org.headers, {
        treesEach: 1,
        recipients: [
          { name: 'A', email: 'a@example.com' },
          { name: '', email: 'b@example.com' },
          { name: 'C', email: 'A@example.com' },
        ],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(`Line 3: ${GIFT_MESSAGES.nameRequired}`);
      const many = await call('POST', batchUrl, org.headers, {
        treesEach: 1,
        recipients: rows(GIFT_LIMITS.batchMax + 1),
      });
      expect(many.statusCode).toBe(400);
      expect(many.json().message).toBe(GIFT_MESSAGES.batchTooMany);
      const csv = parseRecipientsCsv(
        'name,email\nA,a@example.com\n"B, Jr",b@example\nC,a@example.com\n',
      );
      expect(csv.problems).toEqual([
        `Line 3: ${GIFT_MESSAGES.emailInvalid}`,
        GIFT_MESSAGES.batchDuplicate(4, 2),
      ]);
    });

    it('gives each recipient their own code and mail after one payment; the organisation sees each claim', async () => {
      await api.setup();
      const org = await api.signIn({ profile_type: 'corporate', name: 'Green Corp' });
      const res = await call('POST', batchUrl, org.headers, {
        treesEach: 2,
        recipients: rows(3),
        message: 'Thank you for a great year',
      });
      expect(res.statusCode).toBe(200);
      const { id, amount } = res.json().data.donation;
      expect(res.json().data.donation.trees).toBe(6);
      expect(amount).toBe(6 * (await call('GET', '/api/donations/options')).json().data.treePrice);
      expect((await api.pay(org.headers, id)).statusCode).toBe(200);
      await settleQueue();
      const codes = await Promise.all(
        [1, 2, 3].map(async (n) => claimLinkOf((await api.mailer.next(`p${n}@example.com`)).text)),
      );
      expect(new Set(codes).size).toBe(3);
      const p2 = await api.signIn();
      expect((await claim(codes[1]!, p2.headers)).statusCode).toBe(200);
      // One claim per member per donation.
      const again = await claim(codes[2]!, p2.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(GIFT_MESSAGES.claimedOneAlready);
      expect((await forest(p2.headers)).summary.funded).toBe(2);
      expect((await forest(org.headers)).summary.funded).toBe(4);

      const page1 = (await call('GET', `/api/donations/${id}/gifts?limit=2`, org.headers)).json()
        .data;
      expect(page1).toMatchObject({ total: 3, claimed: 1 });
      expect(page1.gifts.map((g: { claimed: boolean }) => g.claimed)).toEqual([false, true]);
      const page2 = (
        await call('GET', `/api/donations/${id}/gifts?limit=2&after=${page1.next}`, org.headers)
      ).json().data;
      expect(page2.gifts.map((g: { recipientName: string }) => g.recipientName)).toEqual([
        'Person 3',
      ]);
      expect(page2.next).toBeNull();
    });

    it('applies the tree limit to the total', async () => {
      await api.setup();
      const org = await api.signIn({ profile_type: 'corporate' });
      const options = (await call('GET', '/api/donations/options')).json().data;
      const res = await call('POST', batchUrl, org.headers, {
        treesEach: options.maxTrees,
        recipients: rows(2),
      });
      expect(res.statusCode).toBe(400);
      expect(await api.db().selectFrom('donation_gifts').selectAll().execute()).toEqual([]);
    });
  });
});
