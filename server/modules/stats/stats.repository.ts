import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export function statsRepository(db: Kysely<Database>) {
  return {
    async totals(nowIso: string) {
      // Tree figures come from the trees module (its one impact method), not from here.
      const [donated, drives, organiserHours, participantHours, members] = await Promise.all([
        db
          .selectFrom('donations')
          .where('status', '=', 'paid')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>('trees'), eb.lit(0)).as('trees'),
            eb.fn
              .coalesce(
                eb.fn.sum<number>(
                  eb.case().when('kind', '=', 'cash').then(eb.ref('amount_minor')).else(0).end(),
                ),
                eb.lit(0),
              )
              .as('money'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drives')
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.count<number>('country').distinct().as('countries'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drives')
          .where('starts_at', '<=', nowIso)
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('duration_hours'), eb.lit(0)).as('h'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drive_participants')
          .innerJoin('drives', 'drives.id', 'drive_participants.drive_id')
          .where('drives.starts_at', '<=', nowIso)
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>('drives.duration_hours'), eb.lit(0)).as('h'),
          )
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .where('verified_at', 'is not', null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        treesDonated: Number(donated.trees),
        moneyRaisedMinor: Number(donated.money),
        drivesCreated: Number(drives.n),
        countries: Number(drives.countries),
        volunteerHours: Number(organiserHours.h) + Number(participantHours.h),
        members: Number(members.n),
      };
    },

    /** Drives per country (ISO code), most first. */
    async drivesPerCountry() {
      const rows = await db
        .selectFrom('drives')
        .select((eb) => ['country', eb.fn.countAll<number>().as('n')])
        .groupBy('country')
        .execute();
      return rows
        .map((r) => ({ country: r.country, drives: Number(r.n) }))
        .sort((a, b) => b.drives - a.drives || a.country.localeCompare(b.country));
    },
  };
}
