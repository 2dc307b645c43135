import {
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type OrganisationSummary,
  type TeamRole,
} from '../../../contract/teams';
import { forbidden, notFound } from '../../lib/errors';
import { messageFile, type Translator } from '../../lib/i18n';
import type { SessionUser } from '../auth/auth.service';
import type { TeamsStore } from './team-people';

export interface TeamAccess {
  organisation: OrganisationSummary;
  role: TeamRole;
}

export const organisationSummary = (row: {
  id: string;
  username: string;
  name: string | null;
}): OrganisationSummary => ({ id: row.id, username: row.username, name: row.name ?? row.username });

/**
 * The caller's role in a live organisation: 404 for an unknown one, 403 for a non-member. A
 * corporate account's own team starts (as its first owner) the first time it is asked for.
 */
export async function requireMembership(
  repo: TeamsStore,
  user: SessionUser,
  organisationId: string,
  nowIso: string,
): Promise<TeamAccess> {
  const org = await repo.organisation(organisationId);
  if (!org) throw notFound(TEAM_MESSAGES.organisationNotFound);
  let role = await repo.roleOf(org.id, user.id);
  if (!role && org.id === user.id) {
    await repo.ensureOrganisationRow(org.id, nowIso);
    role = await repo.roleOf(org.id, user.id);
  }
  if (!role) throw forbidden(TEAM_MESSAGES.notMember);
  return { organisation: organisationSummary(org), role };
}

/** As requireMembership, for owners and admins only. */
export async function requireManager(
  repo: TeamsStore,
  user: SessionUser,
  organisationId: string,
  nowIso: string,
): Promise<TeamAccess> {
  const access = await requireMembership(repo, user, organisationId, nowIso);
  if (access.role === 'member') throw forbidden(TEAM_MESSAGES.manageOnly);
  return access;
}

/** A role as a notice words it mid-sentence ("admin"), in the reader's language (issue 26). */
export function roleWords(role: TeamRole, t: Translator<'notices'>): string {
  const label =
    t.locale === 'en'
      ? TEAM_ROLE_LABELS[role]
      : (messageFile(t.locale, 'teams')[`role.${role}`] ?? TEAM_ROLE_LABELS[role]);
  return label.toLocaleLowerCase(t.locale);
}
