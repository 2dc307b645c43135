import { z } from 'zod';
import { pagedResponseFields, pagingQueryFields } from './common';

export const NOTIFICATION_KINDS = [
  'welcome',
  'drive_joined',
  'drive_left',
  'drive_changed',
  'drive_deleted',
  'drive_reminder',
  'donation_received',
  'donation_paid',
  'donation_refunded',
  'tree_care',
  'tree_died',
  'tree_needs_care',
  'sapling_reservation',
  'team_joined',
  'team_role_changed',
  'team_removed',
  'drive_update',
  'gift_planted',
  'planting_reminder',
  'gift_tree_news',
  'tree_verification',
  'recurring_gift',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, such as `/app/delive-detail/…`; null when there is nothing to open. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object(pagingQueryFields(NOTIFICATIONS_PAGE_SIZE));

export const notificationListResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(notificationSchema),
  unread: z.number().int(),
});

export const unreadCountResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ unread: z.number().int() }),
});

export const notificationParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Marking read answers with the new unread count so the bell can update at once. */
export const markReadResponseSchema = unreadCountResponseSchema;
