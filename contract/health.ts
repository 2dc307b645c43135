import { z } from 'zod';

/**
 * `ok`; `degraded`: working, but something needs the operator (mail failing, jobs given up on);
 * `down`: the database does not answer (503).
 */
export const healthStatusSchema = z.enum(['ok', 'degraded', 'down']);

export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: healthStatusSchema,
  // The rest only for `Authorization: Bearer <METRICS_TOKEN>`.
  database: z.enum(['up', 'down']).optional(),
  dialect: z.enum(['sqlite', 'postgres']).optional(),
  uptimeSeconds: z.number().optional(),
  /** Why the status is not ok, one line each. */
  reasons: z.array(z.string()).optional(),
  details: z
    .object({
      /** Mail given up on after a day of retries, kept 30 days (see the log for each reason). */
      failedMail: z.number().int(),
      mail: z
        .object({
          queued: z.number().int(),
          retrying: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          failedRecently: z.number().int(),
        })
        .optional(),
      jobs: z
        .object({
          pending: z.number().int(),
          failed: z.number().int(),
          failedRecently: z.number().int(),
        })
        .optional(),
      databaseBytes: z.number().optional(),
    })
    .optional(),
});
