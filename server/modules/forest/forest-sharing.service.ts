import {
  SHARE_PATHS,
  SHARING_LIMITS,
  SHARING_MESSAGES,
  type ForestVisibility,
  type ForestVisibilityBody,
  type PublicForest,
  type PublicGift,
  type PublicTree,
} from '../../../contract/forest-sharing';
import { giftStatusOf } from '../../../contract/forest';
import { addRanges } from '../../../contract/impact';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { TreeGiftLedger } from '../donations/tree-gift-ledger';
import type { DrivesService } from '../drives/drives.service';
import type { TreeForest } from '../trees/tree-forest';
import type { PublicTreeRecord, TreePublic } from '../trees/tree-public';
import type { PeopleReads } from '../users/people';
import { forestSharingRepository, isUniqueViolation } from './forest-sharing.repository';
import { renderShareCard } from './share-card';

export interface ForestSharingDeps {
  uow: UnitOfWork;
  clock: Clock;
  appUrl: string;
  trees: Pick<TreeForest, 'forestFigures'> &
    Pick<TreePublic, 'publicForestTrees' | 'publicGiftTrees' | 'giftSpecies'>;
  donations: Pick<TreeGiftLedger, 'donorGiftTotals' | 'publicTreeGift'>;
  drives: Pick<DrivesService, 'briefs'>;
  users: Pick<PeopleReads, 'people'>;
}

/** What a page's Open Graph and Twitter card tags say. */
export interface ShareMeta {
  title: string;
  description: string;
  /** Absolute addresses. */
  url: string;
  image: string;
  imageAlt: string;
}

const taken = () =>
  new AppError(409, 'CONFLICT', SHARING_MESSAGES.handleTaken, { field: 'handle' });
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const kg = (n: number) =>
  n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)} t` : `${Math.round(n)} kg`;

/**
 * Sharing a forest (issue 19 §4): the member's visibility and handle (the module's own table), the
 * public forest and gift pages from the owners' read methods (bounded lists and aggregates only),
 * their card images and their link-preview tags.
 */
export function forestSharingService(deps: ForestSharingDeps) {
  const repo = () => forestSharingRepository(deps.uow.db);
  const absolute = (path: string) => `${deps.appUrl}${path}`;
  const withDrives = async (records: PublicTreeRecord[]): Promise<PublicTree[]> => {
    const drives = await deps.drives.briefs(records.flatMap((t) => (t.driveId ? [t.driveId] : [])));
    return records.map(({ driveId, ...tree }) => ({
      ...tree,
      driveName: (driveId && drives.get(driveId)?.name) || null,
    }));
  };
  const impactOf = (trees: PublicTree[]) => ({
    co2Kg: addRanges(trees.map((t) => t.co2Kg)),
    trees: trees.length,
  });

  /** The public profile behind a handle, or null (unknown or private). */
  async function publicProfile(handle: string) {
    const profile = await repo().byHandle(handle.trim().toLowerCase());
    if (!profile || Number(profile.public) !== 1) return null;
    const person = (await deps.users.people([profile.user_id])).get(profile.user_id);
    if (!person || person.deletedAt) return null;
    return { profile, name: person.name?.trim() || person.username };
  }

  async function publicForest(handle: string): Promise<PublicForest> {
    const found = await publicProfile(handle);
    if (!found) throw notFound(SHARING_MESSAGES.forestNotFound);
    const userId = found.profile.user_id;
    // Totals and species in one read of the gifts' trees (issue 20); no timeline drives here.
    const [{ totals, species }, gifts, records] = await Promise.all([
      deps.trees.forestFigures(userId, 0, SHARING_LIMITS.species),
      deps.donations.donorGiftTotals(userId),
      deps.trees.publicForestTrees(userId, SHARING_LIMITS.trees),
    ]);
    const trees = await withDrives(records);
    return {
      handle: found.profile.handle,
      name: found.name,
      path: SHARE_PATHS.forest(found.profile.handle),
      summary: { funded: gifts.funded, planted: totals.planted, alive: totals.alive },
      species,
      trees,
      impact: impactOf(trees),
    };
  }

  async function publicGift(id: string): Promise<PublicGift> {
    const gift = await deps.donations.publicTreeGift(id);
    if (!gift) throw notFound(SHARING_MESSAGES.giftNotFound);
    const [donor, drives, species, records] = await Promise.all([
      gift.anonymous
        ? Promise.resolve(undefined)
        : deps.users.people([gift.donorId]).then((p) => p.get(gift.donorId)),
      deps.drives.briefs(gift.driveId ? [gift.driveId] : []),
      deps.trees.giftSpecies(gift.id, SHARING_LIMITS.species),
      deps.trees.publicGiftTrees(gift.id, SHARING_LIMITS.trees),
    ]);
    const plantings = await withDrives(records);
    const drive = gift.driveId ? drives.get(gift.driveId) : undefined;
    const planted = Math.min(gift.planted, gift.trees);
    return {
      id: gift.id,
      path: SHARE_PATHS.gift(gift.id),
      donorName: donor && !donor.deletedAt ? donor.name?.trim() || donor.username : null,
      trees: gift.trees,
      planted,
      status: giftStatusOf(gift.trees, planted),
      driveName: drive?.name ?? null,
      plantingOn: drive?.startsAt ?? null,
      paidAt: gift.paidAt,
      species,
      plantings,
      impact: impactOf(plantings),
    };
  }

  const speciesLine = (species: PublicForest['species']) =>
    species.length === 0
      ? 'Growing with Canopy'
      : species
          .slice(0, 4)
          .map((s) => s.label)
          .join(' · ');

  return {
    async visibility(userId: string): Promise<ForestVisibility> {
      const row = await repo().ofUser(userId);
      const isPublic = Number(row?.public ?? 0) === 1;
      return {
        public: isPublic,
        handle: row?.handle ?? null,
        path: isPublic && row ? SHARE_PATHS.forest(row.handle) : null,
      };
    },

    async setVisibility(
      userId: string,
      body: ForestVisibilityBody,
    ): Promise<ForestVisibility & { message: string }> {
      const current = await repo().ofUser(userId);
      const handle = body.handle ?? current?.handle;
      const message = body.public ? SHARING_MESSAGES.madePublic : SHARING_MESSAGES.madePrivate;
      // Private with no handle ever chosen: nothing to keep.
      if (!handle) return { public: false, handle: null, path: null, message };
      const holder = await repo().byHandle(handle);
      if (holder && holder.user_id !== userId) throw taken();
      try {
        await repo().save({
          user_id: userId,
          handle,
          public: body.public ? 1 : 0,
          updated_at: deps.clock.now().toISOString(),
        });
      } catch (err) {
        // Two members choosing the same handle at once: the unique index decides.
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      return {
        public: body.public,
        handle,
        path: body.public ? SHARE_PATHS.forest(handle) : null,
        message,
      };
    },

    publicForest,
    publicGift,

    /**
     * Public forests after a handle, in handle order, one keyset batch (the sitemap): `listed` is
     * false for one whose member is gone (kept, so the batch still says where the next starts).
     */
    async publicForestsAfter(
      after: string | null,
      limit: number,
    ): Promise<Array<{ handle: string; path: string; updatedAt: string; listed: boolean }>> {
      const rows = await repo().publicAfter(after, limit);
      const people = await deps.users.people(rows.map((row) => row.user_id));
      return rows.map((row) => {
        const person = people.get(row.user_id);
        return {
          handle: row.handle,
          path: SHARE_PATHS.forest(row.handle),
          updatedAt: row.updated_at,
          listed: Boolean(person && !person.deletedAt),
        };
      });
    },

    /** The link-preview tags of `/forest/{handle}`, or null when it is not public. */
    async forestMeta(handle: string): Promise<ShareMeta | null> {
      const forest = await publicForest(handle).catch(() => null);
      if (!forest) return null;
      const { planted, alive, funded } = forest.summary;
      const trees = planted > 0 ? planted : funded;
      return {
        title: `${forest.name}’s forest on Canopy`,
        description: `${count(trees, 'tree')} ${planted > 0 ? 'planted' : 'funded'}, ${count(alive, 'tree')} alive at the last check. ${speciesLine(forest.species)}.`,
        url: absolute(forest.path),
        image: absolute(SHARE_PATHS.forestCard(forest.handle)),
        imageAlt: `${forest.name}’s forest: ${count(trees, 'tree')} ${planted > 0 ? 'planted' : 'funded'}`,
      };
    },

    /** The link-preview tags of `/gift/{id}`, or null when there is no such paid tree gift. */
    async giftMeta(id: string): Promise<ShareMeta | null> {
      const gift = await publicGift(id).catch(() => null);
      if (!gift) return null;
      const who = gift.donorName ?? 'Someone';
      return {
        title: `${who} gave ${count(gift.trees, 'tree')} on Canopy`,
        description: `${gift.planted > 0 ? `${count(gift.planted, 'tree')} planted` : 'Waiting to be planted'}${gift.driveName ? ` at ${gift.driveName}` : ''}. ${speciesLine(gift.species)}.`,
        url: absolute(gift.path),
        image: absolute(SHARE_PATHS.giftCard(gift.id)),
        imageAlt: `A gift of ${count(gift.trees, 'tree')}`,
      };
    },

    /** The forest's 1200×630 card image; 404 when the forest is not public. */
    async forestCard(handle: string): Promise<Buffer> {
      const forest = await publicForest(handle);
      const { planted, alive, funded } = forest.summary;
      return renderShareCard(
        {
          title: `${forest.name}’s forest`,
          figures: [
            { value: planted.toLocaleString('en-US'), label: 'trees planted' },
            { value: alive.toLocaleString('en-US'), label: 'alive at last check' },
            ...(forest.impact.co2Kg.mid > 0
              ? [{ value: kg(forest.impact.co2Kg.mid), label: 'CO₂ stored (about)' }]
              : [{ value: funded.toLocaleString('en-US'), label: 'trees funded' }]),
          ],
          line: speciesLine(forest.species),
          address: absolute(forest.path).replace(/^https?:\/\//, ''),
        },
        planted,
      );
    },

    /** The gift's 1200×630 card image; 404 when there is no such paid tree gift. */
    async giftCard(id: string): Promise<Buffer> {
      const gift = await publicGift(id);
      return renderShareCard(
        {
          title: gift.donorName ? `A gift of trees from ${gift.donorName}` : 'A gift of trees',
          figures: [
            { value: gift.trees.toLocaleString('en-US'), label: 'trees given' },
            { value: gift.planted.toLocaleString('en-US'), label: 'planted' },
          ],
          line: gift.driveName
            ? `${gift.driveName} · ${speciesLine(gift.species)}`
            : speciesLine(gift.species),
          address: absolute(gift.path).replace(/^https?:\/\//, ''),
        },
        gift.trees,
      );
    },

    /** A deleted account's forest is no longer shared (its handle is freed). */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await forestSharingRepository(tx.db).remove(userId);
    },
  };
}
export type ForestSharingService = ReturnType<typeof forestSharingService>;
