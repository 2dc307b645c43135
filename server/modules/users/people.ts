import type { UsersTable } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';

/** Where a read runs: an open transaction (or anything carrying its executor), else the database. */
export type ReadOn = Pick<Tx, 'db'>;
import { peopleRepository } from './people.repository';

/** A member as other modules show them beside their own rows (names, avatar, whether still here). */
export interface Person {
  id: string;
  username: string;
  name: string | null;
  email: string;
  avatarFileId: string | null;
  profileType: UsersTable['profile_type'];
  verifiedAt: string | null;
  /** Set once the account was deleted (the row stays, anonymised). */
  deletedAt: string | null;
  /** The saved language for mails and documents sent to them (null: English). */
  locale: string | null;
}

type PersonRow = Awaited<ReturnType<ReturnType<typeof peopleRepository>['byIds']>>[number];

const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  username: r.username,
  name: r.name,
  email: r.email,
  avatarFileId: r.avatar_file_id,
  profileType: r.profile_type,
  verifiedAt: r.verified_at,
  deletedAt: r.deleted_at,
  locale: r.locale,
});

/**
 * The read methods other modules call instead of joining `users`: they read their own rows, then
 * ask for the people those rows name, one query per page (never one per row). Each runs in `tx`
 * when given one (SQLite has one connection: a read beside an open transaction would wait for it).
 */
export function peopleReads(deps: { uow: UnitOfWork }) {
  const on = (tx?: ReadOn) => peopleRepository(tx?.db ?? deps.uow.db);

  async function people(ids: Iterable<string>, tx?: ReadOn): Promise<Map<string, Person>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await on(tx).byIds(unique);
    return new Map(rows.map((r) => [r.id, toPerson(r)]));
  }

  return {
    /** The people these ids name, by id (unknown ids are absent): one query for a page of rows. */
    people,

    /**
     * Each row with the person it names, read in one query; a row naming nobody known is left
     * out, as an inner join on `users` did.
     */
    async joinPeople<R, O>(
      rows: readonly R[],
      idOf: (row: R) => string,
      merge: (row: R, person: Person) => O,
      tx?: ReadOn,
    ): Promise<O[]> {
      if (rows.length === 0) return [];
      const found = await people(rows.map(idOf), tx);
      return rows.flatMap((row) => {
        const person = found.get(idOf(row));
        return person ? [merge(row, person)] : [];
      });
    },

    /** One person, or undefined. */
    person: async (id: string, tx?: ReadOn): Promise<Person | undefined> =>
      (await people([id], tx)).get(id),

    /** The account with this email (a deleted one no longer has it), or undefined. */
    personByEmail: async (email: string, tx?: ReadOn): Promise<Person | undefined> => {
      const [row] = await on(tx).byEmail(email);
      return row && toPerson(row);
    },

    /** Which of `ids` are accounts that still exist (not deleted). */
    async liveIds(ids: Iterable<string>, tx?: ReadOn): Promise<Set<string>> {
      const found = await people(ids, tx);
      return new Set([...found.values()].filter((p) => !p.deletedAt).map((p) => p.id));
    },

    /**
     * Corporate members who may be named as land donors (verified, not deleted), ordered by
     * display name ignoring case; only those of `ids` when given.
     */
    activeCorporates: (ids?: readonly string[], tx?: ReadOn) => on(tx).activeCorporates(ids),
  };
}
export type PeopleReads = ReturnType<typeof peopleReads>;
