import {
  ONBOARDING_STEPS,
  type Onboarding,
  type OnboardingStepId,
} from '../../../contract/onboarding';
import type { SessionUser } from '../auth/session-lookup';
import type { DonationsService } from '../donations/donations.service';
import type { DrivesService } from '../drives/drives.service';
import type { TreesService } from '../trees/trees.service';

type Check = (user: SessionUser) => Promise<boolean>;

/**
 * The getting-started checklist. Nothing is stored: each step is asked of the module that owns
 * it, so a step is ticked the moment it is really done (and unticked if it is undone).
 */
export function onboardingService(deps: {
  drives: Pick<DrivesService, 'mine'>;
  trees: Pick<TreesService, 'mine'>;
  donations: Pick<DonationsService, 'list'>;
  /** Whether a nursery lists any sapling stock; without it the nursery has no stock step. */
  nurseryHasStock?: (userId: string) => Promise<boolean>;
}) {
  const drivesOf = async (user: SessionUser, pick: 'joined' | 'organised') => {
    // Upcoming first: most members who did this have one still ahead.
    for (const when of ['upcoming', 'past'] as const)
      if ((await deps.drives.mine(user.id, when))[pick].length > 0) return true;
    return false;
  };
  const checks: Record<OnboardingStepId, Check | undefined> = {
    'verify-email': async (user) => user.verified_at !== null,
    'add-photo': async (user) => user.avatar_file_id !== null,
    'join-drive': (user) => drivesOf(user, 'joined'),
    'create-drive': (user) => drivesOf(user, 'organised'),
    'register-tree': async (user) => (await deps.trees.mine(user.id, 1, 1)).total > 0,
    'make-donation': async (user) =>
      (await deps.donations.list(user, { page: 1, limit: 1, status: 'paid' })).total > 0,
    'add-stock': deps.nurseryHasStock ? (user) => deps.nurseryHasStock!(user.id) : undefined,
  };

  const stepsFor = (profileType: SessionUser['profile_type']): OnboardingStepId[] => {
    if (profileType === 'nursery')
      return ['verify-email', 'add-photo', ...(checks['add-stock'] ? ['add-stock' as const] : [])];
    const drive = profileType === 'corporate' ? 'create-drive' : 'join-drive';
    return ['verify-email', 'add-photo', drive, 'register-tree', 'make-donation'];
  };

  return {
    stepsFor,
    async checklist(user: SessionUser): Promise<Onboarding> {
      const ids = stepsFor(user.profile_type);
      const done = await Promise.all(ids.map((id) => checks[id]!(user)));
      const steps = ids.map((id, i) => ({ id, ...ONBOARDING_STEPS[id], done: done[i]! }));
      return {
        profileType: user.profile_type,
        steps,
        done: done.filter(Boolean).length,
        total: steps.length,
      };
    },
  };
}
export type OnboardingService = ReturnType<typeof onboardingService>;
