import { z } from 'zod';
import { currencyDigits } from './money';
import { NURSERY_MESSAGES, stockRequestSchema, type StockRequest } from './nursery';

/**
 * The stock form as typed (text fields, the price in major units, the map point), turned into a
 * `StockRequest` and checked by the same schema the server uses; messages land on the same names.
 */
export const stockFormSchema = (currency: string) =>
  z
    .object({
      speciesId: z.string().trim().min(1, NURSERY_MESSAGES.speciesRequired).transform(Number),
      size: z.string(),
      quantityAvailable: z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, NURSERY_MESSAGES.quantityInvalid)
        .transform(Number),
      priceMinor: z
        .string()
        .trim()
        .regex(/^\d{1,9}([.,]\d{1,3})?$/, NURSERY_MESSAGES.priceInvalid)
        .transform((v) => Math.round(Number(v.replace(',', '.')) * 10 ** currencyDigits(currency))),
      pickupLat: z.number().nullable(),
      pickupLng: z.number().nullable(),
      pickupLocation: z.string(),
      notes: z.string(),
      priceConfirmed: z.boolean().optional(),
    })
    // Checked by the request schema itself; a point not chosen yet (null) gets its message.
    .transform((values, ctx): StockRequest => {
      const parsed = stockRequestSchema.safeParse(values);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });
export type StockFormValues = z.input<ReturnType<typeof stockFormSchema>>;
