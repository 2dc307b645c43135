import { z } from 'zod';
import { PROFILE_TYPES } from './session';

/**
 * Members' testimonials for the landing page (issue 23, docs/decisions/landing-page.md): a member
 * writes a short quote and chooses whether Canopy's home page may show it, with their name,
 * account type and photo; they may withdraw (or delete it) at any time.
 */
export const TESTIMONIAL_MAX = 280;
export const TESTIMONIAL_MIN = 10;
/** How many the landing page asks for: the carousel shows three. */
export const TESTIMONIALS_SHOWN = 3;

export const TESTIMONIAL_MESSAGES = {
  tooShort: `A testimonial needs at least ${TESTIMONIAL_MIN} characters.`,
  tooLong: `A testimonial must be at most ${TESTIMONIAL_MAX} characters.`,
  saved: 'Your testimonial is saved.',
  savedShown: 'Your testimonial is saved and shown on Canopy’s home page.',
  deleted: 'Your testimonial is deleted.',
} as const;

/** PUT /api/users/me/testimonial: the member's own quote and their consent to show it. */
export const testimonialRequestSchema = z.object({
  quote: z
    .string({ error: TESTIMONIAL_MESSAGES.tooShort })
    .trim()
    .min(TESTIMONIAL_MIN, TESTIMONIAL_MESSAGES.tooShort)
    .max(TESTIMONIAL_MAX, TESTIMONIAL_MESSAGES.tooLong)
    .refine((text) => !text.includes('\u0000'), TESTIMONIAL_MESSAGES.tooShort),
  /** "Show this on Canopy's home page": the member's consent, false unless given. */
  show: z.boolean().default(false),
});
export type TestimonialRequest = z.input<typeof testimonialRequestSchema>;

/** The member's own testimonial (GET/PUT /api/users/me/testimonial); null when they wrote none. */
export const myTestimonialSchema = z.object({
  quote: z.string(),
  show: z.boolean(),
  updatedAt: z.string(),
});
export type MyTestimonial = z.infer<typeof myTestimonialSchema>;
export const myTestimonialResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: myTestimonialSchema.nullable(),
});

/** GET /api/testimonials (public): the newest shown ones, no ids, no email, no username. */
export const publicTestimonialSchema = z.object({
  name: z.string(),
  accountType: z.enum(PROFILE_TYPES),
  quote: z.string(),
  /** The member's photo address, or empty (the page shows their initials). */
  avatar: z.string(),
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;
export const testimonialsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(publicTestimonialSchema),
});
