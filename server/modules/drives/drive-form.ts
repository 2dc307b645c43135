import type { FastifyRequest } from 'fastify';
import { DRIVE_MESSAGES, driveFormSchema, type DriveForm } from '../../../contract/drives';
import { AppError, fieldError } from '../../lib/errors';
import { readMultipart } from '../files/multipart';
import { DRIVE_IMAGE_FIELD, type DriveInput } from './drives.service';

const LIST_FIELDS = new Set([
  'treeSize',
  'treesType',
  'treeSponsored',
  'landDonatedBy',
  'landDonatedById',
]);
const FORM_FIELDS = Object.keys(driveFormSchema.shape);

/** The multipart text fields as the form schema reads them: lists stay lists, others take the first value. */
export function formInput(fields: Record<string, string[]>): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of FORM_FIELDS) {
    // `name[]` is how some clients spell a repeated field.
    const values = [...(fields[key] ?? []), ...(fields[`${key}[]`] ?? [])];
    if (values.length === 0) continue;
    input[key] = LIST_FIELDS.has(key) ? values : values[0]!;
  }
  return input;
}

/** Parses the form with the contract's schema; the first problem becomes the answer, naming its field. */
export function parseDriveForm(fields: Record<string, string[]>): DriveForm {
  const parsed = driveFormSchema.safeParse(formInput(fields));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const message = issue?.message ?? DRIVE_MESSAGES.saveFailed;
  throw typeof field === 'string'
    ? fieldError(field, message)
    : new AppError(400, 'VALIDATION_FAILED', message);
}

/** Reads the drive form from a multipart request (the route layer's part of saving a drive). */
export async function readDriveForm(request: FastifyRequest): Promise<DriveInput> {
  const { fields, file } = await readMultipart(request, { fileField: DRIVE_IMAGE_FIELD });
  return { form: parseDriveForm(fields), image: file };
}
