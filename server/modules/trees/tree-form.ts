import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  healthFieldsSchema,
  healthRequestSchema,
  HEALTH_PHOTO_FIELD,
  measurementFormSchema,
  MEASUREMENT_PHOTO_FIELD,
} from '../../../contract/tree-care';
import {
  TREE_IMAGE_FIELD,
  TREE_MESSAGES,
  treeFormSchema,
  treeUpdateFormSchema,
  type TreeForm,
  type TreeUpdateForm,
} from '../../../contract/trees';
import { AppError, fieldError } from '../../lib/errors';
import { readMultipart } from '../files/multipart';
import type { HealthInput, MeasurementInput } from './tree-care.service';
import type { TreeInput } from './trees.service';

/**
 * Parses with a contract schema; the first problem becomes the answer, naming its field, so the
 * form shows the message beside it (the same for multipart and JSON bodies).
 */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const message = issue?.message ?? TREE_MESSAGES.saveFailed;
  throw typeof field === 'string'
    ? fieldError(field, message)
    : new AppError(400, 'VALIDATION_FAILED', message);
}

/** Multipart text fields as a schema reads them: the first value of each known field. */
function firstValues(fields: Record<string, string[]>, names: readonly string[]) {
  const input: Record<string, string> = {};
  for (const name of names) {
    const value = fields[name]?.[0];
    if (value !== undefined) input[name] = value;
  }
  return input;
}

const FORM_FIELDS = Object.keys(treeFormSchema.shape);

/** POST /api/trees: the registration form and its optional photo under `treeImage`. */
export async function readTreeForm(request: FastifyRequest): Promise<TreeInput<TreeForm>> {
  const { fields, file } = await readMultipart(request, { fileField: TREE_IMAGE_FIELD });
  return { form: parseForm(treeFormSchema, firstValues(fields, FORM_FIELDS)), image: file };
}

/** PATCH /api/trees/{id}: the fields sent change, the others stay; a new photo is optional. */
export async function readTreeUpdate(request: FastifyRequest): Promise<TreeInput<TreeUpdateForm>> {
  const { fields, file } = await readMultipart(request, { fileField: TREE_IMAGE_FIELD });
  return { form: parseForm(treeUpdateFormSchema, firstValues(fields, FORM_FIELDS)), image: file };
}

/** A measurement as JSON, or as multipart with a photo under `photo`. */
export async function readMeasurement(request: FastifyRequest): Promise<MeasurementInput> {
  if (!request.isMultipart())
    return { form: parseForm(measurementFormSchema, request.body), photo: null };
  const { fields, file } = await readMultipart(request, { fileField: MEASUREMENT_PHOTO_FIELD });
  const names = Object.keys(measurementFormSchema.shape);
  return { form: parseForm(measurementFormSchema, firstValues(fields, names)), photo: file };
}

/** A health report as JSON, or as multipart with a photo of what is wrong under `photo`. */
export async function readHealth(request: FastifyRequest): Promise<HealthInput> {
  if (!request.isMultipart())
    return { form: parseForm(healthRequestSchema, request.body), photo: null };
  const { fields, file } = await readMultipart(request, { fileField: HEALTH_PHOTO_FIELD });
  const names = Object.keys(healthFieldsSchema.shape);
  return { form: parseForm(healthRequestSchema, firstValues(fields, names)), photo: file };
}
