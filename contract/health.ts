import { z } from 'zod';

export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
  uptimeSeconds: z.number(),
  /** For the operator: mail given up on after a day of retries (see the log for each reason). */
  details: z.object({ failedMail: z.number().int() }).optional(),
});
