import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export interface PlantingCohort {
  speciesId: number;
  /** `YYYY-MM` of planting. */
  month: string;
  trees: number;
}

export function statsRepository(db: Kysely<Database>) {
  return {
    async totals(nowIso: string) {
      const [trees, donated, drives, organiserHours, participantHours, members] = await Promise.all(
        [
          db
            .selectFrom('trees')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
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
        ],
      );
      return {
        treesRegistered: Number(trees.n),
        treesDonated: Number(donated.trees),
        moneyRaisedMinor: Number(donated.money),
        drivesCreated: Number(drives.n),
        countries: Number(drives.countries),
        volunteerHours: Number(organiserHours.h) + Number(participantHours.h),
        members: Number(members.n),
      };
    },

    /** Living trees grouped by species and planting month: enough to estimate CO₂ without reading every row. */
    async plantingCohorts(): Promise<PlantingCohort[]> {
      const rows = await db
        .selectFrom('trees')
        .where('status', '!=', 'dead')
        .select((eb) => [
          'species_id',
          eb.fn<string>('substr', ['planted_at', eb.val(1), eb.val(7)]).as('month'),
          eb.fn.countAll<number>().as('n'),
        ])
        .groupBy(['species_id', 'month'])
        .execute();
      return rows.map((r) => ({
        speciesId: Number(r.species_id),
        month: String(r.month),
        trees: Number(r.n),
      }));
    },
  };
}
