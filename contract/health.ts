import { z } from 'zod';

export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
  uptimeSeconds: z.number(),
});
