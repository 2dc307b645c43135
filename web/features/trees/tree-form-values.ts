import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { FILE_MESSAGES } from '../../../contract/files';
import {
  isInFuture,
  TREE_IMAGE_FIELD,
  TREE_MESSAGES,
  treeFormSchema,
  treeUpdateFormSchema,
  type Tree,
  type TreeFormInput,
} from '../../../contract/trees';
import { ApiError } from '../../lib/api-client';
import { todayKey } from './format';

export type TreeFormMode = 'register' | 'edit';

/** What the registration (and edit) form holds; `toWire` gives the spec's multipart names. */
export interface TreeFormValues {
  /** Species value ("1"–"70"), or "" while none is chosen. */
  treesType: string;
  treeCount: string;
  treeSize: string;
  /** YYYY-MM-DD from the date input. */
  plantedAt: string;
  /** The point chosen on the map (treeLat / treeLong). */
  point: { lat: number; lng: number } | null;
  treeLocation: string;
  treeName: string;
  driveId: string;
  replacesTreeId: string;
  /** The drive's delivered sapling reservation the tree came from, or "" (registering only). */
  reservationId: string;
  /** The chosen photo (treeImage). */
  image: File | null;
}

/** The fields an error can belong to, in screen order. */
export const ERROR_FIELDS = [
  'treesType',
  'treeCount',
  'treeSize',
  'plantedAt',
  'point',
  'treeLocation',
  'treeName',
  'driveId',
  'replacesTreeId',
  'reservationId',
  'image',
] as const satisfies readonly (keyof TreeFormValues)[];
export type TreeErrorField = (typeof ERROR_FIELDS)[number];

/** The wire field a message names (the schema's path, or the server's `field`) → the form's field. */
export function errorFieldOf(wire: string): TreeErrorField | undefined {
  if (wire === 'treeLat' || wire === 'treeLong') return 'point';
  if (wire === TREE_IMAGE_FIELD) return 'image';
  return (ERROR_FIELDS as readonly string[]).includes(wire) ? (wire as TreeErrorField) : undefined;
}

export function initialValues(
  tree?: Tree,
  { replacesTreeId = '', driveId = '' }: { replacesTreeId?: string; driveId?: string } = {},
): TreeFormValues {
  if (!tree)
    return {
      treesType: '',
      treeCount: '1',
      treeSize: '',
      // Most trees are registered the day they go in (issue 23: sensible defaults).
      plantedAt: todayKey(),
      point: null,
      treeLocation: '',
      treeName: '',
      driveId,
      replacesTreeId,
      reservationId: '',
      image: null,
    };
  return {
    treesType: String(tree.species.value),
    treeCount: String(tree.count),
    treeSize: tree.size,
    plantedAt: tree.plantedAt.slice(0, 10),
    point: tree.lat !== null && tree.lng !== null ? { lat: tree.lat, lng: tree.lng } : null,
    treeLocation: tree.location,
    treeName: tree.name ?? '',
    driveId: tree.driveId ?? '',
    replacesTreeId: '',
    reservationId: '',
    image: null,
  };
}

/**
 * Registering the replacement of a dead tree: its species, plants, size, place and map point, so
 * only the planting day (and a photo) are left to fill; the drive is the one asked for, if any.
 */
export function replacementValues(dead: Tree, { driveId = '' }: { driveId?: string } = {}) {
  const copied = initialValues(dead);
  return {
    ...initialValues(undefined, { replacesTreeId: dead.id, driveId }),
    treesType: copied.treesType,
    treeCount: copied.treeCount,
    treeSize: copied.treeSize,
    point: copied.point,
    treeLocation: copied.treeLocation,
  } satisfies TreeFormValues;
}

/** The form as it travels: text fields under the spec's names (the photo apart). */
export function toWire(values: TreeFormValues) {
  return {
    treesType: values.treesType,
    treeCount: values.treeCount.trim(),
    treeSize: values.treeSize,
    plantedAt: values.plantedAt,
    treeLat: values.point ? String(values.point.lat) : '',
    treeLong: values.point ? String(values.point.lng) : '',
    treeLocation: values.treeLocation.trim(),
    treeName: values.treeName.trim(),
    driveId: values.driveId,
    replacesTreeId: values.replacesTreeId,
    // Only with the drive it belongs to.
    reservationId: values.driveId ? values.reservationId : '',
  } satisfies TreeFormInput;
}

const problem = (message: string): FieldError => ({ type: 'validate', message });
const registerResolver = zodResolver(treeFormSchema, undefined, { mode: 'sync' });
const editResolver = zodResolver(treeUpdateFormSchema, undefined, { mode: 'sync' });

/**
 * The form's resolver: the values go on the wire and are checked with the contract's schema (as
 * the server checks them), each message placed on its field; then the one rule that needs the
 * clock, with the contract's own test: the planting date must not be in the future.
 */
export function treeFormResolver(
  mode: TreeFormMode,
  now: () => Date = () => new Date(),
): Resolver<TreeFormValues> {
  const wireResolver = mode === 'register' ? registerResolver : editResolver;
  return async (values, context, options) => {
    const { replacesTreeId, reservationId, ...editable } = toWire(values);
    const wire = mode === 'register' ? { ...editable, replacesTreeId, reservationId } : editable;
    const checked = await wireResolver(wire, context, {
      ...options,
      fields: {},
      names: undefined,
    } as never);
    const errors: FieldErrors<TreeFormValues> = {};
    for (const [name, error] of Object.entries(checked.errors as Record<string, FieldError>)) {
      const field = errorFieldOf(name);
      if (field && !errors[field] && error.message) errors[field] = problem(error.message);
    }
    if (!errors.plantedAt) {
      const planted = treeFormSchema.shape.plantedAt.safeParse(values.plantedAt);
      if (planted.success && isInFuture(planted.data, now()))
        errors.plantedAt = problem(TREE_MESSAGES.plantedInFuture);
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The first field with an error, in screen order. */
export const firstError = (errors: FieldErrors<TreeFormValues>): TreeErrorField | undefined =>
  ERROR_FIELDS.find((field) => errors[field]);

/** The multipart body; an edit leaves the replaced tree out (it cannot change). */
export function buildFormData(values: TreeFormValues, mode: TreeFormMode): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(toWire(values))) {
    if (mode === 'edit' && (name === 'replacesTreeId' || name === 'reservationId')) continue;
    // An empty optional field is left out when registering; when editing it clears the value.
    if (value === '' && mode === 'register') continue;
    body.append(name, value);
  }
  if (values.image) body.append(TREE_IMAGE_FIELD, values.image, values.image.name);
  return body;
}

/** The field a refused save is about (the server names it), with the message to show there. */
export function fieldOfFailure(
  error: unknown,
): { field: TreeErrorField; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // A body over the upload limit is refused before the server reads the fields.
  if (error.status === 413) return { field: 'image', message: FILE_MESSAGES.tooLarge };
  const field = error.field ? errorFieldOf(error.field) : undefined;
  return field ? { field, message: error.message } : undefined;
}
