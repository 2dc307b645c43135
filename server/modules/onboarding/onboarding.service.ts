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
  drives: Pick<DrivesService, 'hasJoinedDrive' | 'hasOrganisedDrive'>;
  trees: Pick<TreesService, 'hasTrees'>;
  donations: Pick<DonationsService, 'hasPaidDonation'>;
  /** Whether a nursery lists any sapling stock; without it the nursery has no stock step. */
  nurseryHasStock?: (userId: string) => Promise<boolean>;
}) {
  // Each step is one owner's yes-or-no (an index seek), never a count or a list.
  const checks: Record<OnboardingStepId, Check | undefined> = {
    'verify-email': async (user) => user.verified_at !== null,
    'add-photo': async (user) => user.avatar_file_id !== null,
    'join-drive': (user) => deps.drives.hasJoinedDrive(user.id),
    'create-drive': (user) => deps.drives.hasOrganisedDrive(user.id),
    'register-tree': (user) => deps.trees.hasTrees(user.id),
    'make-donation': (user) => deps.donations.hasPaidDonation(user.id),
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
