import {
  canAssignRole,
  TEAM_INVITE_TTL_DAYS,
  TEAM_MESSAGES,
  TEAM_PATHS,
  type CreateInviteRequest,
  type InvitePreview,
  type InviteState,
  type MyTeam,
  type TeamInvite,
  type TeamInvitesResponse,
} from '../../../contract/teams';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { MailQueue } from '../../jobs/jobs-port';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { SessionUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { organisationSummary, requireManager, roleWords } from './team-access';
import { teamInviteMail } from './team-emails';
import type { TeamsStore } from './team-people';
import type { InviteRow } from './teams.repository';

const DAY = 24 * 60 * 60_000;

interface InviteDeps {
  uow: UnitOfWork;
  repo: TeamsStore;
  /** The repository factory, for transactions. */
  repoFor?: (db: Executor) => TeamsStore;
  clock: Clock;
  /** Invites are queued in the transaction that stores them. */
  mail: MailQueue;
  notifications: NotificationsService;
  appUrl: string;
}

export function inviteState(row: InviteRow, now: string): InviteState {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'pending';
}

const stateRefusal: Record<Exclude<InviteState, 'pending'>, string> = {
  accepted: TEAM_MESSAGES.inviteUsed,
  revoked: TEAM_MESSAGES.inviteRevoked,
  expired: TEAM_MESSAGES.inviteExpired,
};

/**
 * Invites: a 256-bit random token mailed as a link (queued with the invite), stored only as its SHA-256;
 * 7 days, once. Accepting needs the invited address's account, signed in.
 */
export function teamInvites(deps: InviteDeps) {
  const { uow, repo, clock, notifications } = deps;
  const nowIso = () => clock.now().toISOString();
  const expiry = () => new Date(clock.now().getTime() + TEAM_INVITE_TTL_DAYS * DAY).toISOString();
  const inTx = (tx: { db: Executor }) => (deps.repoFor ? deps.repoFor(tx.db) : repo);

  const toInvite = (row: InviteRow, inviter: string): TeamInvite => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: inviter,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= nowIso(),
  });

  /** The invite's link, queued in the invite's transaction (delivered and retried by the queue). */
  async function queueMail(
    tx: Tx,
    to: string,
    organisation: string,
    inviter: SessionUser,
    row: Pick<InviteRow, 'role'>,
    token: string,
  ) {
    const link = `${deps.appUrl}${TEAM_PATHS.invite(token)}`;
    await deps.mail.send(
      tx,
      teamInviteMail(
        to,
        organisation,
        inviter.name ?? inviter.username,
        row.role,
        link,
        inviter.locale,
      ),
    );
  }

  async function requireOpenInvite(organisationId: string, inviteId: string) {
    const invite = await repo.inviteById(organisationId, inviteId);
    if (!invite || invite.accepted_at || invite.revoked_at)
      throw notFound(TEAM_MESSAGES.inviteNotFound);
    return invite;
  }

  return {
    async invites(
      user: SessionUser,
      organisationId: string,
      query: { page: number; limit: number },
    ): Promise<Omit<TeamInvitesResponse, 'success'>> {
      await requireManager(repo, user, organisationId, nowIso());
      const { page, limit } = query;
      const { rows, total } = await repo.openInvites(organisationId, limit, (page - 1) * limit);
      return {
        page,
        limit,
        total,
        data: rows.map((r) => toInvite(r, r.inviter_name ?? r.inviter_username)),
      };
    },

    /** Invites an address; inviting it again while an invite is open sends a new link instead. */
    async invite(
      user: SessionUser,
      organisationId: string,
      input: CreateInviteRequest,
    ): Promise<TeamInvite> {
      const access = await requireManager(repo, user, organisationId, nowIso());
      if (!canAssignRole(access.role, input.role)) throw forbidden(TEAM_MESSAGES.ownerOnly);
      return uow.withTransaction(async (tx) => {
        const r = inTx(tx);
        // One open invite per address, also when two invites race (PostgreSQL row lock).
        await r.lockTeam(organisationId);
        if (await r.memberByEmail(organisationId, input.email))
          throw new AppError(409, 'CONFLICT', TEAM_MESSAGES.alreadyMember, { field: 'email' });
        const { token, hash } = newSecretToken();
        const open = await r.openInviteFor(organisationId, input.email);
        let row: InviteRow;
        if (open) {
          await r.renewInvite(open.id, hash, input.role, expiry());
          row = { ...open, role: input.role, expires_at: expiry() };
        } else {
          row = {
            id: newId(),
            organisation_id: organisationId,
            email: input.email,
            role: input.role,
            token_hash: hash,
            invited_by: user.id,
            created_at: nowIso(),
            expires_at: expiry(),
            accepted_at: null,
            accepted_by: null,
            revoked_at: null,
          };
          await r.insertInvite(row);
        }
        await queueMail(tx, input.email, access.organisation.name, user, row, token);
        return toInvite(row, user.name ?? user.username);
      });
    },

    /** A new link and a new week for an open invite (the old link stops working). */
    async resendInvite(user: SessionUser, organisationId: string, inviteId: string) {
      const access = await requireManager(repo, user, organisationId, nowIso());
      const invite = await requireOpenInvite(organisationId, inviteId);
      if (!canAssignRole(access.role, invite.role)) throw forbidden(TEAM_MESSAGES.ownerOnly);
      return uow.withTransaction(async (tx) => {
        const { token, hash } = newSecretToken();
        const expiresAt = expiry();
        if (!(await inTx(tx).renewInvite(invite.id, hash, invite.role, expiresAt)))
          throw notFound(TEAM_MESSAGES.inviteNotFound);
        await queueMail(tx, invite.email, access.organisation.name, user, invite, token);
        return toInvite({ ...invite, expires_at: expiresAt }, user.name ?? user.username);
      });
    },

    async revokeInvite(user: SessionUser, organisationId: string, inviteId: string) {
      const access = await requireManager(repo, user, organisationId, nowIso());
      const invite = await requireOpenInvite(organisationId, inviteId);
      if (!canAssignRole(access.role, invite.role)) throw forbidden(TEAM_MESSAGES.ownerOnly);
      if (!(await repo.revokeInvite(invite.id, nowIso())))
        throw notFound(TEAM_MESSAGES.inviteNotFound);
    },

    /** What the link is for, so the invite page can explain it before anyone signs in. */
    async previewInvite(token: string): Promise<InvitePreview> {
      const invite = await repo.inviteByTokenHash(hashSecretToken(token));
      const org = invite && (await repo.organisation(invite.organisation_id));
      if (!invite || !org) throw notFound(TEAM_MESSAGES.inviteInvalid);
      return {
        organisation: organisationSummary(org),
        email: invite.email,
        role: invite.role,
        state: inviteState(invite, nowIso()),
        expiresAt: invite.expires_at,
      };
    },

    /** Joins the organisation with the invited account; each link works once. */
    async acceptInvite(user: SessionUser, token: string): Promise<MyTeam> {
      return uow.withTransaction(async (tx) => {
        const r = inTx(tx);
        const at = nowIso();
        const invite = await r.inviteByTokenHash(hashSecretToken(token));
        const org = invite && (await r.organisation(invite.organisation_id));
        if (!invite || !org) throw notFound(TEAM_MESSAGES.inviteInvalid);
        const state = inviteState(invite, at);
        if (state !== 'pending') throw new AppError(410, 'CONFLICT', stateRefusal[state]);
        if (invite.email !== user.email.toLowerCase()) throw forbidden(TEAM_MESSAGES.wrongAccount);
        if (!(await r.claimInvite(invite.id, user.id, at)))
          throw new AppError(410, 'CONFLICT', TEAM_MESSAGES.inviteUsed);
        if (
          !(await r.insertMember({
            organisation_id: org.id,
            user_id: user.id,
            role: invite.role,
            joined_at: at,
          }))
        )
          throw conflict(TEAM_MESSAGES.alreadyJoined);
        const who = user.name ?? user.username;
        const orgName = org.name ?? org.username;
        // The inviter's notice in the inviter's language.
        const t = translator(
          (await r.localesOf([invite.invited_by])).get(invite.invited_by),
          'notices',
        );
        tx.afterCommit(() =>
          notifications.notify(invite.invited_by, {
            kind: 'team_joined',
            title: t('teamJoined.title', { who, org: orgName }),
            body: t('teamJoined.body', { who, org: orgName, role: roleWords(invite.role, t) }),
            link: TEAM_PATHS.settings,
          }),
        );
        return {
          organisation: organisationSummary(org),
          role: invite.role,
          isOrganisationAccount: false,
        };
      });
    },
  };
}
