import { z } from 'zod';
import { pagedResponseFields, pagingQueryFields, requiredText } from './common';

/** A corporate account is an organisation; its team members act for it with one of these roles. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

export const TEAM_ROLE_OPTIONS = TEAM_ROLES.map((value) => ({
  value,
  label: TEAM_ROLE_LABELS[value],
}));

/** Invite links work for 7 days, once. */
export const TEAM_INVITE_TTL_DAYS = 7;
export const TEAM_PAGE_SIZE = 50;

export const TEAM_MESSAGES = {
  notMember: 'You are not a member of this organisation.',
  organisationNotFound: 'Organisation not found.',
  notCorporate:
    'Teams belong to corporate accounts. Ask an organisation to invite you, and its team will show here.',
  manageOnly: 'Only owners and admins of this organisation can do that.',
  ownerOnly: 'Only owners can give or take the owner role.',
  lastOwner: 'An organisation needs at least one owner. Make someone else an owner first.',
  organisationAccount:
    'The organisation account itself always stays in its team; you can change its role instead.',
  drivesManageOnly: 'Only owners and admins of that organisation can organise and edit its drives.',
  memberNotFound: 'That person is not a member of this organisation.',
  alreadyMember: 'That person is already a member of this organisation.',
  alreadyJoined: 'You are already a member of this organisation.',
  inviteNotFound: 'That invite does not exist.',
  inviteInvalid: 'This invite link is not valid. Ask the organisation for a new invite.',
  inviteExpired:
    'This invite has expired. Invites work for 7 days: ask the organisation to send a new one.',
  inviteUsed: 'This invite has already been accepted. Each invite link works once.',
  inviteRevoked: 'This invite was withdrawn by the organisation.',
  wrongAccount:
    'This invite was sent to another email address. Sign in with the invited account to accept it.',
  emailRequired: 'Email address is required!',
  emailInvalid: 'Please enter a valid email address.',
  roleInvalid: 'Choose a role: owner, admin or member.',
  invited: 'Invite sent.',
  resent: 'Invite sent again with a new link.',
  revoked: 'Invite withdrawn.',
  roleChanged: 'Role updated.',
  removed: 'Member removed.',
  left: 'You have left the organisation.',
  accepted: 'Welcome to the team!',
} as const;

const roleSchema = z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleInvalid });

const inviteEmail = requiredText(TEAM_MESSAGES.emailRequired)
  .max(254, TEAM_MESSAGES.emailInvalid)
  .pipe(z.email({ error: TEAM_MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

// ---- Requests ----------------------------------------------------------------------------

export const teamParamsSchema = z.object({ organisationId: z.string().min(1).max(64) });
export const teamMemberParamsSchema = teamParamsSchema.extend({
  userId: z.string().min(1).max(64),
});
export const teamInviteParamsSchema = teamParamsSchema.extend({
  inviteId: z.string().min(1).max(64),
});

export const teamListQuerySchema = z.object(pagingQueryFields(TEAM_PAGE_SIZE));

export const createInviteRequestSchema = z.object({ email: inviteEmail, role: roleSchema });
export type CreateInviteRequest = z.infer<typeof createInviteRequestSchema>;
export type CreateInviteForm = z.input<typeof createInviteRequestSchema>;

export const changeRoleRequestSchema = z.object({ role: roleSchema });

// 256-bit tokens are 43 base64url characters; anything far off is not a token.
const inviteToken = z
  .string({ error: TEAM_MESSAGES.inviteInvalid })
  .trim()
  .min(20, TEAM_MESSAGES.inviteInvalid)
  .max(100, TEAM_MESSAGES.inviteInvalid);

export const inviteTokenQuerySchema = z.object({ token: inviteToken });
export const acceptInviteRequestSchema = z.object({ token: inviteToken });

/** `POST /api/add_drivetreeinfo?organisation=<id>`: a team's owner or admin creates the drive for it. */
export const driveOrganiserQuerySchema = z.object({
  organisation: z.string().trim().min(1).max(64).optional(),
});

// ---- Responses ---------------------------------------------------------------------------

export const organisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

/** A team the caller belongs to, with the caller's role in it. */
export const myTeamSchema = z.object({
  organisation: organisationSummarySchema,
  role: z.enum(TEAM_ROLES),
  /** True when the caller is the organisation account itself. */
  isOrganisationAccount: z.boolean(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export const myTeamsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(myTeamSchema),
});

export const teamMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
  isOrganisationAccount: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersResponseSchema = z.object({
  ...pagedResponseFields,
  organisation: organisationSummarySchema,
  myRole: z.enum(TEAM_ROLES),
  data: z.array(teamMemberSchema),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamInvitesResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(teamInviteSchema),
});
export type TeamInvitesResponse = z.infer<typeof teamInvitesResponseSchema>;

export const teamInviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: teamInviteSchema,
});

export const teamMemberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: teamMemberSchema,
});

export const INVITE_STATES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** What an invite link shows before it is accepted (anyone holding the link may see it). */
export const invitePreviewSchema = z.object({
  organisation: organisationSummarySchema,
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  state: z.enum(INVITE_STATES),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const invitePreviewResponseSchema = z.object({
  success: z.literal(true),
  data: invitePreviewSchema,
});

export const acceptInviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: myTeamSchema,
});

/** The in-app screens, for notices and mails. */
export const TEAM_PATHS = {
  settings: '/app/settings-team',
  invite: (token: string) => `/team-invite?token=${encodeURIComponent(token)}`,
} as const;

/** What each role may do (the server's rules, also used to show or hide controls). */
export const canManageTeam = (role: TeamRole) => role === 'owner' || role === 'admin';
/** Who may give `target` role, or change/remove someone who has it: owners anything, admins non-owners. */
export const canAssignRole = (actor: TeamRole, target: TeamRole) =>
  actor === 'owner' || (actor === 'admin' && target !== 'owner');
