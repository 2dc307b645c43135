import { TEAM_ROLES, type TeamRole } from '../../../contract/teams';
import type { Translate } from '../../i18n/use-t';
import type { TeamsKey } from './messages';

/** "Admin": a team role in the reader's language. */
export const roleLabel = (t: Translate<TeamsKey>, role: TeamRole) => t(`role.${role}`);
/** "admin": the role inside a sentence. */
export const roleWord = (t: Translate<TeamsKey>, role: TeamRole) => t(`roleWord.${role}`);
/** The roles as select options, in the reader's language. */
export const roleOptions = (t: Translate<TeamsKey>) =>
  TEAM_ROLES.map((value) => ({ value, label: roleLabel(t, value) }));
