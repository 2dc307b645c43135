import { z } from 'zod';

export const newsletterSubscribeRequestSchema = z.object({
  email: z
    .string({ error: 'Email address is required!' })
    .trim()
    .min(1, 'Email address is required!')
    .max(254, 'That email address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;

export const newsletterSubscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;

export const NEWSLETTER_SUBSCRIBED_MESSAGE =
  "Thanks for subscribing! You'll hear from us when new drives and stories take root.";
