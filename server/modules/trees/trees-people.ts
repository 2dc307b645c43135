import type { Executor } from '../../db/unit-of-work';
import type { DrivesService } from '../drives/drives.service';
import type { UsersService } from '../users/users.service';
import type { DriveOrganisers } from './tree-drive-days.repository';
import type { TreeWithOwner, TreeWithReplacement } from './tree-mapper';
import { treesRepository, type OwnerTreeFilter } from './trees.repository';

/** What trees asks the users module: the people its rows name, in the caller's transaction. */
export type TreePeople = Pick<UsersService, 'people' | 'joinPeople'>;

/**
 * The trees repository on an executor, with the owners' names read from the users module (one
 * batch per page) where the rows used to join `users`.
 */
export function treesStore(users: TreePeople, drives?: Pick<DrivesService, 'briefs'>) {
  /** Each drive's organiser, read in the tree write's transaction (tree_drive_days). */
  const organisers: DriveOrganisers | undefined =
    drives &&
    (async (ids, on) => {
      const briefs = await drives.briefs(ids, { db: on });
      return new Map([...briefs.values()].map((d) => [d.id, d.organizerId]));
    });
  return (db: Executor) => {
    const repo = treesRepository(db, organisers);
    const on = { db };

    /**
     * Rows with their owner's names (and their verifier's, issue 21 §2); a row whose owner is
     * unknown is left out (as a join did).
     */
    const withOwners = async (rows: TreeWithReplacement[]): Promise<TreeWithOwner[]> => {
      const verifierIds = rows.flatMap((r) => (r.verified_by ? [r.verified_by] : []));
      const [owned, verifiers] = await Promise.all([
        users.joinPeople(
          rows,
          (r) => r.owner_id,
          (row, owner) => ({
            ...row,
            owner_name: owner.name,
            owner_username: owner.username,
            owner_deleted_at: owner.deletedAt,
          }),
          on,
        ),
        verifierIds.length > 0 ? users.people(verifierIds, on) : new Map<string, never>(),
      ]);
      if (verifierIds.length === 0) return owned;
      return owned.map((row) => {
        const v = row.verified_by ? verifiers.get(row.verified_by) : undefined;
        const name = v && !v.deletedAt ? v.name?.trim() || v.username : null;
        return { ...row, verifier_name: name };
      });
    };

    return {
      ...repo,

      findWithOwner: async (id: string): Promise<TreeWithOwner | undefined> => {
        const row = await repo.findWithReplacement(id);
        return row && (await withOwners([row]))[0];
      },

      /** The owner's trees (of the filter), newest registration first. */
      listByOwner: async (ownerId: string, limit: number, offset = 0, filter?: OwnerTreeFilter) =>
        withOwners(await repo.listRecordsByOwner(ownerId, limit, offset, filter)),

      /**
       * An export batch or a My trees page: the owner's trees (of the filter) after `after`,
       * newest registration first (keyset).
       */
      ownerTreesAfter: async (
        ownerId: string,
        after: { createdAt: string; id: string } | null,
        limit: number,
        filter?: OwnerTreeFilter,
      ) => withOwners(await repo.ownerRecordsAfter(ownerId, after, limit, filter)),

      /**
       * A batch of living trees by id after `afterId` and the cursor for the next batch (null when
       * done); trees of deleted accounts are left out, so a batch may hold fewer than `limit`.
       */
      async livingTreesAfter(afterId: string, limit: number) {
        const rows = await repo.livingTreeRecordsAfter(afterId, limit);
        const owners = await users.people(
          rows.map((r) => r.owner_id),
          on,
        );
        return {
          trees: rows.filter((r) => owners.get(r.owner_id)?.deletedAt === null),
          next: rows.at(-1)?.id ?? null,
        };
      },

      /**
       * Which of these members still have an account (the daily care pass tells only them), each
       * with their saved language (issue 26: the notice is written in it).
       */
      async liveOwners(ownerIds: readonly string[]): Promise<Map<string, string | null>> {
        const people = await users.people([...new Set(ownerIds)], on);
        return new Map(
          [...people].flatMap(([id, p]) => (p.deletedAt === null ? [[id, p.locale]] : [])),
        );
      },

      /** The saved language of each of these members (absent: unknown), in one read. */
      async localesOf(ids: readonly string[]): Promise<Map<string, string | null>> {
        const people = await users.people([...new Set(ids)], on);
        return new Map([...people].map(([id, p]) => [id, p.locale]));
      },

      /** The owner's living trees; none when the account was deleted (the care notice job). */
      async livingTreesOfLiveOwner(ownerId: string) {
        const rows = await repo.livingTreesOf(ownerId);
        if (rows.length === 0) return rows;
        const owner = (await users.people([ownerId], on)).get(ownerId);
        return owner && owner.deletedAt === null ? rows : [];
      },

      /**
       * Verified, live members who opted in to the digest, by id after `afterId`, with the address
       * to write to, and the cursor for the next batch (null when done).
       */
      async digestRecipients(afterId: string, limit: number) {
        const rows = await repo.digestSubscribersAfter(afterId, limit);
        const people = await users.people(
          rows.map((r) => r.user_id),
          on,
        );
        return {
          members: rows.flatMap(({ user_id: id }) => {
            const p = people.get(id);
            return p && !p.deletedAt && p.verifiedAt
              ? [{ id, email: p.email, name: p.name, username: p.username, locale: p.locale }]
              : [];
          }),
          next: rows.at(-1)?.user_id ?? null,
        };
      },
    };
  };
}
export type TreesStore = ReturnType<ReturnType<typeof treesStore>>;
