import { CLAIM_PATH, batchGiftRequestSchema, utcDay } from '../../contract/gifts';
import { donationsRepository } from '../../server/modules/donations/donations.repository';
import { testPaymentEvent } from '../../server/modules/payments/test-provider';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import type { Person } from './people';
import { DAY_MS } from './random';
import type { Timeline } from './timeline';

/** [giver, recipient (a member's username, or "Name <email>"), drive, trees, message, claimed after days] */
const GIFTS: ReadonlyArray<readonly [string, string, string, number, string, number | null]> = [
  [
    'rahul',
    'asha',
    'Kochi Backwater Greening',
    5,
    'Happy birthday, Asha! Five trees for the backwaters you love. Go and say hello to them.',
    2,
  ],
  [
    'wanjiru',
    'otieno',
    'Nakuru Schools Week',
    3,
    'For your class, Brian: three more trees to adopt this term.',
    1,
  ],
  ['jonas', 'tom', 'Tempelhofer Klimawald', 2, 'Thanks for the Saturday shovelling, mate.', 4],
  [
    'mariana',
    'Ana Souza <ana.souza@example.com>',
    'Parque Ibirapuera Sombra',
    2,
    'Parabéns pela formatura, Ana! Shade for your walks in the park.',
    null,
  ],
];

/** The corporate batch: the same trees to each colleague, one payment; members among them claim. */
const BATCH = {
  by: 'greenleaf',
  drive: 'Tempelhofer Klimawald',
  treesEach: 3,
  message: 'Thank you for a remarkable year. These trees are yours: follow them as they grow.',
  recipients: [
    'priya',
    'rahul',
    'lucia',
    'Ananya Iyer <ananya.iyer@greenleaf.example>',
    'Vikram Desai <vikram.desai@greenleaf.example>',
    'Meera Pillai <meera.pillai@greenleaf.example>',
    'Arjun Rao <arjun.rao@greenleaf.example>',
    'Fatima Sheikh <fatima.sheikh@greenleaf.example>',
    'Rohan Kulkarni <rohan.kulkarni@greenleaf.example>',
    'Sneha Joshi <sneha.joshi@greenleaf.example>',
  ],
  /** Which members claim, days after the mail. */
  claims: [
    ['priya', 1],
    ['rahul', 3],
    ['lucia', 9],
  ] as const,
};

export interface GiftCounts {
  gifts: number;
  claimed: number;
}

/**
 * Trees given to someone (issue 19 §5), through `donations.create` with a `gift` (or
 * `createGiftBatch` for the corporate one), paid by the test checkout, so each recipient's mail
 * (with its claim link) is queued and sent by the app; members claim with the code from that mail
 * through `gifts.claim`. One gift is never claimed, one waits for a later send day.
 */
export function planGifts(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
  steps: Timeline,
  counts: { donations: number; paid: number },
): GiftCounts {
  const { ctx, now } = seeder;
  const repo = donationsRepository(ctx.database.db);
  const gifts: GiftCounts = { gifts: 0, claimed: 0 };
  const driveNamed = (name: string) => drives.find((d) => d.plan.name === name)!;
  const recipientOf = (text: string) => {
    const member = people.get(text);
    if (member) return { name: member.name ?? member.username, email: member.email, member };
    const [, name, email] = /^(.*) <(.*)>$/.exec(text)!;
    return { name: name!, email: email!, member: undefined };
  };
  /** A moment a week or two into the drive's announcement, when the giver was a member. */
  const givenAt = (giver: Person, drive: SeededDrive, daysIn: number) => {
    const from = Math.max(Date.parse(drive.row.created_at), giver.joinedAt) + daysIn * DAY_MS;
    return Math.min(from, Date.parse(drive.row.starts_at) - 2 * DAY_MS) + 11 * 3_600_000;
  };
  const pay = (at: number, donation: () => string) =>
    steps.add(at, async () => {
      const row = (await repo.findById(donation()))!;
      await seeder.at(at, () => ctx.payments.fulfil(testPaymentEvent(row, { paid: true })));
      counts.paid++;
    });
  const claim = (at: number, member: Person, email: string, donation: () => string) =>
    steps.add(at, async () => {
      const code = claimCode(seeder, email, donation());
      await seeder.at(at, () => ctx.donations.gifts.claim(member, code));
      gifts.claimed++;
    });

  for (const [giverName, to, driveName, trees, message, claimAfter] of GIFTS) {
    const giver = people.get(giverName)!;
    const drive = driveNamed(driveName);
    const recipient = recipientOf(to);
    const at = givenAt(giver, drive, 6 + (trees % 5));
    let id = '';
    steps.add(at, async () => {
      const { donation } = await seeder.at(at, () =>
        ctx.donations.create(giver, {
          kind: 'trees',
          trees,
          driveId: drive.row.id,
          category: 'Trees',
          gift: { recipientName: recipient.name, recipientEmail: recipient.email, message },
        }),
      );
      id = donation.id;
      counts.donations++;
      gifts.gifts++;
    });
    pay(at + 4 * 60_000, () => id);
    if (recipient.member && claimAfter !== null)
      claim(at + claimAfter * DAY_MS + 5 * 3_600_000, recipient.member, recipient.email, () => id);
  }

  // A birthday gift paid three days ago, its mail going out on the day, next week.
  const priya = people.get('priya')!;
  const upcoming = drives
    .filter((d) => Date.parse(d.row.starts_at) > now + 14 * DAY_MS)
    .sort((a, b) => a.row.starts_at.localeCompare(b.row.starts_at))[0];
  const birthdayAt = now - 3 * DAY_MS - 5 * 3_600_000;
  let birthday = '';
  steps.add(birthdayAt, async () => {
    const { donation } = await seeder.at(birthdayAt, () =>
      ctx.donations.create(priya, {
        kind: 'trees',
        trees: 7,
        driveId: upcoming?.row.id ?? null,
        category: 'Trees',
        gift: {
          recipientName: 'Leela Nair',
          recipientEmail: 'leela.nair@example.com',
          message: 'Happy 70th birthday, Amma! Seven trees, one for every decade.',
          sendOn: utcDay(new Date(now + 6 * DAY_MS)),
        },
      }),
    );
    birthday = donation.id;
    counts.donations++;
    gifts.gifts++;
  });
  pay(birthdayAt + 6 * 60_000, () => birthday);

  // The corporate batch.
  const org = people.get(BATCH.by)!;
  const batchDrive = driveNamed(BATCH.drive);
  const batchAt = givenAt(org, batchDrive, 9);
  const recipients = BATCH.recipients.map(recipientOf);
  let batch = '';
  steps.add(batchAt, async () => {
    const input = batchGiftRequestSchema.parse({
      treesEach: BATCH.treesEach,
      driveId: batchDrive.row.id,
      message: BATCH.message,
      recipients: recipients.map(({ name, email }) => ({ name, email })),
    });
    const { donation } = await seeder.at(batchAt, () => ctx.donations.createGiftBatch(org, input));
    batch = donation.id;
    counts.donations++;
    gifts.gifts += recipients.length;
  });
  pay(batchAt + 3 * 60_000, () => batch);
  for (const [username, days] of BATCH.claims) {
    const member = people.get(username)!;
    claim(batchAt + days * DAY_MS + 2 * 3_600_000, member, member.email, () => batch);
  }
  return gifts;
}

/** The claim code in the newest gift mail to `email` (its link is `/claim/{code}`). */
function claimCode(seeder: Seeder, email: string, donationId: string): string {
  const prefix = `${CLAIM_PATH}/`;
  const mail = seeder.mails.filter((m) => m.to === email && m.text.includes(prefix)).pop();
  const start = mail?.text.indexOf(prefix) ?? -1;
  if (!mail || start < 0)
    throw new Error(`seed:demo: no gift mail reached ${email} (donation ${donationId})`);
  return decodeURIComponent(mail.text.slice(start + prefix.length).match(/^[\w-]+/)![0]);
}
