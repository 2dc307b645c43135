import { z } from 'zod';
import { LANGUAGE_MESSAGES, SHIPPED_LOCALES, type Locale } from './languages';

/** A member's language: a shipped one (contract/languages.ts), or null to follow the browser. */
export const localeSettingSchema = z
  .string({ error: LANGUAGE_MESSAGES.unknownLanguage })
  .refine((value) => (SHIPPED_LOCALES as readonly string[]).includes(value), {
    error: LANGUAGE_MESSAGES.unknownLanguage,
  })
  .transform((value) => value as Locale)
  .nullable();
