import type { CurrentUser } from '../../../contract/auth';
import { fileUrl } from '../../../contract/files';
import type { Locale } from '../../../contract/languages';
import {
  PROFILE_MESSAGES,
  PROFILE_SEARCH_MAX_RESULTS,
  PROFILE_SEARCH_MIN,
  type ProfileSearchResult,
  type PublicProfile,
} from '../../../contract/users';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FilesService } from '../files/files.service';
import type { ModuleHooks } from '../module';
import { toCurrentUser, type SessionUser } from './current-user';
import { peopleReads } from './people';
import { userAccounts } from './user-accounts';

import type { usersRepository } from './users.repository';

export { toCurrentUser, type SessionUser } from './current-user';
export type { Person, PeopleReads } from './people';
export type { UserAccounts } from './user-accounts';

/** A module's answer to an account deletion, run inside the deletion's transaction. */
export type AccountDeletedHook = (userId: string, tx: Tx) => Promise<void>;

export interface UsersServiceDeps {
  uow: UnitOfWork;
  repo: typeof usersRepository;
  clock: Clock;
  files: FilesService;
  /**
   * Each module's answer to an account deletion, run in the deletion's transaction (dependants
   * first). A function is called at deletion time, so modules built after this one take part.
   */
  onAccountDeleted: readonly AccountDeletedHook[] | (() => readonly AccountDeletedHook[]);
  /**
   * The modules answering a member's profile counts (the `memberFigures` read port: drives and
   * trees own those figures). A function is called at read time; without it every count is 0.
   */
  memberFigures?: () => ReadonlyArray<NonNullable<ModuleHooks['memberFigures']>>;
}

export function usersService(deps: UsersServiceDeps) {
  const { uow, clock, files } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();
  const accounts = userAccounts({ uow, repo: deps.repo });
  const deletionHooks = () =>
    typeof deps.onAccountDeleted === 'function' ? deps.onAccountDeleted() : deps.onAccountDeleted;

  /** Each owner's counts for the profile, merged; a count nobody answers is 0. */
  async function profileCounts(userId: string): Promise<PublicProfile['counts']> {
    const answers = await Promise.all((deps.memberFigures?.() ?? []).map((port) => port(userId)));
    return Object.assign(
      { drivesOrganised: 0, drivesJoined: 0, treesRegistered: 0 },
      ...answers,
    ) as PublicProfile['counts'];
  }

  async function freshCurrentUser(userId: string): Promise<CurrentUser> {
    const user = await repo.findById(userId);
    if (!user) throw notFound(PROFILE_MESSAGES.profileNotFound);
    return toCurrentUser(user);
  }

  return {
    /** The account methods auth calls (find, create, verify, passwords), each in an optional `tx`. */
    ...accounts,

    /** What other modules show of members beside their own rows (`people(ids)`: one query a page). */
    ...peopleReads({ uow }),

    /** Figure: how many members the community has (verified accounts), for /api/stats. */
    memberCount: (): Promise<number> => repo.countVerified(),

    /** Up to 10 other verified members whose username or name contains the text; [] below 3 characters. */
    async search(callerId: string, key: string): Promise<ProfileSearchResult[]> {
      const text = key.trim();
      if (text.length < PROFILE_SEARCH_MIN) return [];
      const rows = await repo.searchVisible(text, callerId, PROFILE_SEARCH_MAX_RESULTS);
      return rows.map((row) => ({
        _id: row.id,
        id: row.id,
        username: row.username,
        name: row.name,
      }));
    },

    async publicProfile(id: string): Promise<PublicProfile> {
      const user = await repo.findVisible(id);
      if (!user) throw notFound(PROFILE_MESSAGES.profileNotFound);
      return {
        _id: user.id,
        id: user.id,
        username: user.username,
        name: user.name,
        profileType: user.profile_type,
        bio: user.bio,
        location: user.location,
        memberSince: user.verified_at ?? user.created_at,
        file: user.avatar_file_id ? fileUrl(user.avatar_file_id) : '',
        counts: await profileCounts(user.id),
      };
    },

    async updateProfile(
      user: SessionUser,
      input: {
        name: string | null;
        username: string;
        bio: string | null;
        location: string | null;
        locale?: Locale | null;
      },
    ): Promise<CurrentUser> {
      if (await repo.usernameTakenByOther(input.username, user.id))
        throw conflict(PROFILE_MESSAGES.usernameTaken);
      try {
        await repo.update(user.id, { ...input, updated_at: nowIso() });
      } catch (error) {
        // Two people racing for one username: the unique index decides.
        if (await repo.usernameTakenByOther(input.username, user.id))
          throw conflict(PROFILE_MESSAGES.usernameTaken);
        throw error;
      }
      return freshCurrentUser(user.id);
    },

    /** The member's language for the app, their mails and documents (issue 26). */
    async setLocale(user: SessionUser, locale: Locale | null): Promise<CurrentUser> {
      await repo.update(user.id, { locale, updated_at: nowIso() });
      return freshCurrentUser(user.id);
    },

    async setAvatar(user: SessionUser, upload: Buffer | null): Promise<CurrentUser> {
      if (!upload) throw badRequest('Please choose an image to upload.');
      const image = await files.prepareImage(upload);
      await uow.withTransaction(async (tx) => {
        const previous = await deps.repo(tx.db).avatarOf(user.id);
        await files.saveImage(tx, user.id, image);
        await deps.repo(tx.db).update(user.id, { avatar_file_id: image.id, updated_at: nowIso() });
        if (previous && previous !== image.id)
          tx.afterCommit(() => files.discardIfUnused(previous));
      });
      return freshCurrentUser(user.id);
    },

    async removeAvatar(user: SessionUser): Promise<CurrentUser> {
      await uow.withTransaction(async (tx) => {
        const previous = await deps.repo(tx.db).avatarOf(user.id);
        await deps.repo(tx.db).update(user.id, { avatar_file_id: null, updated_at: nowIso() });
        tx.afterCommit(() => files.discardIfUnused(previous));
      });
      return freshCurrentUser(user.id);
    },

    /**
     * Needs the password. In one transaction every module clears its own records (upcoming drives
     * the person organised are cancelled, their participants told after commit), then the user
     * row is anonymised so shared records keep a valid owner.
     */
    async deleteAccount(user: SessionUser, password: string): Promise<string> {
      if (!(await accounts.checkPassword(user.id, password)))
        throw badRequest(PROFILE_MESSAGES.currentPasswordWrong);
      await uow.withTransaction(async (tx) => {
        const avatar = await deps.repo(tx.db).avatarOf(user.id);
        for (const hook of deletionHooks()) await hook(user.id, tx);
        await deps.repo(tx.db).anonymise(user.id, nowIso());
        tx.afterCommit(() => files.discardIfUnused(avatar));
      });
      return PROFILE_MESSAGES.accountDeleted;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
