import type { CurrentUser } from '../../../contract/auth';
import { fileUrl } from '../../../contract/files';
import {
  PROFILE_MESSAGES,
  PROFILE_SEARCH_MAX_RESULTS,
  PROFILE_SEARCH_MIN,
  type ProfileSearchResult,
  type PublicProfile,
} from '../../../contract/users';
import type { UserRow } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthService } from '../auth/auth.service';
import { toCurrentUser } from '../auth/auth.service';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  repo: UsersRepository;
  clock: Clock;
  auth: AuthService;
  files: FilesService;
  notifications: NotificationsService;
}

export function usersService(deps: UsersServiceDeps) {
  const { repo, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function freshCurrentUser(userId: string): Promise<CurrentUser> {
    const user = await repo.findById(userId);
    if (!user) throw notFound(PROFILE_MESSAGES.profileNotFound);
    return toCurrentUser(user);
  }

  return {
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
        counts: await repo.activityCounts(user.id),
      };
    },

    async updateProfile(
      user: UserRow,
      input: { name: string | null; username: string; bio: string | null; location: string | null },
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

    async setAvatar(user: UserRow, image: Buffer | null): Promise<CurrentUser> {
      if (!image) throw badRequest('Please choose an image to upload.');
      const stored = await deps.files.storeImage(user.id, image);
      await repo.update(user.id, { avatar_file_id: stored.id, updated_at: nowIso() });
      if (user.avatar_file_id !== stored.id) await deps.files.discardIfUnused(user.avatar_file_id);
      return freshCurrentUser(user.id);
    },

    async removeAvatar(user: UserRow): Promise<CurrentUser> {
      await repo.update(user.id, { avatar_file_id: null, updated_at: nowIso() });
      await deps.files.discardIfUnused(user.avatar_file_id);
      return freshCurrentUser(user.id);
    },

    /** Needs the password; upcoming drives the person organised are cancelled and their participants told. */
    async deleteAccount(user: UserRow, password: string): Promise<string> {
      if (!(await deps.auth.checkPassword(user, password)))
        throw badRequest(PROFILE_MESSAGES.currentPasswordWrong);
      const { told, driveImageIds } = await repo.deleteAccount(user.id, nowIso());
      for (const id of [user.avatar_file_id, ...driveImageIds])
        await deps.files.discardIfUnused(id);
      for (const { userId, driveName } of told)
        await deps.notifications.notify(userId, {
          kind: 'drive_deleted',
          title: 'A drive you joined was cancelled',
          body: `"${driveName}" was cancelled because its organiser closed their account.`,
        });
      return PROFILE_MESSAGES.accountDeleted;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
