import type { CurrentUser } from '../../../contract/auth';
import { fileUrl } from '../../../contract/files';
import type { UserRow } from '../../db/tables';

/** The signed-in member as routes see it: the user row without the password hash. */
export type SessionUser = Omit<UserRow, 'password_hash'>;

/** The member as the web app sees them (`GET /api/users/currentuser`, profile edits). */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    profileType: user.profile_type,
    file: user.avatar_file_id ? fileUrl(user.avatar_file_id) : '',
    verified: user.verified_at !== null,
    location: user.location,
    locale: user.locale,
  };
}
