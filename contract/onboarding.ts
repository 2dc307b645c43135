import { z } from 'zod';
import { NURSERY_PATHS } from './nursery';
import { PROFILE_TYPES } from './session';

/** Every step of the getting-started checklist; which ones a member sees depends on the role. */
export const ONBOARDING_STEP_IDS = [
  'verify-email',
  'add-photo',
  'join-drive',
  'create-drive',
  'register-tree',
  'make-donation',
  'add-stock',
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

/** What each step says and where it is done (the texts the web shows). */
export const ONBOARDING_STEPS: Record<
  OnboardingStepId,
  { title: string; description: string; href: string; action: string }
> = {
  'verify-email': {
    title: 'Verify your email address',
    description: 'Confirm the code we sent you, so reminders and receipts reach you.',
    href: '/app/settings-profile',
    action: 'View your account',
  },
  'add-photo': {
    title: 'Add a profile photo',
    description: 'A face (or a logo) helps drive organisers and volunteers recognise you.',
    href: '/app/settings-profile',
    action: 'Upload a photo',
  },
  'join-drive': {
    title: 'Join a tree drive',
    description: 'Find a planting drive near you and sign up to take part.',
    href: '/app/delive-event',
    action: 'Browse drives',
  },
  'create-drive': {
    title: 'Create a tree drive',
    description: 'Organise a planting drive: date, place, species and how many trees.',
    href: '/app/mydelive-event',
    action: 'Add a tree drive',
  },
  'register-tree': {
    title: 'Register a tree',
    description: 'Record a tree you planted so its growth and CO₂ are tracked.',
    href: '/app/tree-registeration',
    action: 'Register a tree',
  },
  'make-donation': {
    title: 'Make a donation',
    description: 'Fund trees for a drive or the general fund.',
    href: '/app/donate-tree',
    action: 'Donate trees',
  },
  'add-stock': {
    title: 'Add sapling stock',
    description: 'List the saplings your nursery can supply, so organisers can reserve them.',
    href: NURSERY_PATHS.stock,
    action: 'Add stock',
  },
};

export const onboardingStepSchema = z.object({
  id: z.enum(ONBOARDING_STEP_IDS),
  title: z.string(),
  description: z.string(),
  href: z.string(),
  action: z.string(),
  done: z.boolean(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/** GET /api/onboarding: the caller's checklist, each step's state read from the database. */
export const onboardingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    profileType: z.enum(PROFILE_TYPES),
    steps: z.array(onboardingStepSchema),
    done: z.number().int(),
    total: z.number().int(),
  }),
});
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;
export type Onboarding = OnboardingResponse['data'];

/** The notification a member gets once, when their account is first verified. */
export const WELCOME_NOTICE = {
  kind: 'welcome',
  title: 'Welcome to Canopy!',
  // Points at the checklist of first steps (each one a link to where it is done).
  body: 'Your account is verified. Getting started lists your first steps: add a photo, join or create a tree drive, register a tree you planted, or make a donation.',
  link: '/app/getting-started',
} as const;
