import { z } from 'zod';
import { activitiesLink } from '../activities/activity-buckets.js';
import { LINKS } from '../navigation/routes.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';

// Staff notifications (docs/product.md 'Notifications'): the header's bell and its mails. The lead engine raises
// them as it assigns, escalates and pools leads, the SLA warning job when a lead's first response is due soon, and the
// viewing reminder job before a viewing (docs/product.md 'Viewings'), the daily permit re-check when a listing's
// Trakheesi permit is no longer valid, an activity's reminder at its time and a task given to someone
// (docs/product.md 'Activities'), and a customer's low rating of a viewing for the agent's manager.
// The bell always shows them; each person chooses, per kind, whether a mail goes out too.

export const STAFF_NOTIFICATION_KINDS = [
  'leadAssigned',
  'slaEnding',
  'leadEnteredPool',
  'leadEscalated',
  'viewingReminder',
  'permitExpired',
  'dealWon',
  'dealLost',
  'activityReminder',
  'activityAssigned',
  'viewingReviewLow',
] as const;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

/** How long before a lead's initial SLA ends its agent is warned. */
export const SLA_WARNING_MINUTES = 10;
/** The bell's list: the newest this many. */
export const NOTIFICATION_LIST_LIMIT = 20;

/** What each kind is, in the preferences' words, and whether its mail is on until the person says otherwise. */
export const STAFF_NOTIFICATION_KIND_INFO: Record<StaffNotificationKind, { label: string; emailByDefault: boolean }> = {
  leadAssigned: { label: 'A new lead is assigned to me', emailByDefault: true },
  slaEnding: { label: `My lead's SLA ends in ${SLA_WARNING_MINUTES} minutes`, emailByDefault: true },
  leadEnteredPool: { label: 'A lead entered the lead pool', emailByDefault: false },
  leadEscalated: { label: 'A lead was escalated to me', emailByDefault: true },
  viewingReminder: { label: 'A viewing of mine is coming up', emailByDefault: true },
  permitExpired: { label: "My listing's Trakheesi permit expired or is no longer valid", emailByDefault: true },
  dealWon: { label: 'A deal of mine or my team was won', emailByDefault: true },
  dealLost: { label: 'A deal of mine or my team was lost', emailByDefault: false },
  activityReminder: { label: 'A reminder of a task or activity of mine is due', emailByDefault: true },
  activityAssigned: { label: 'Someone gave me a task', emailByDefault: true },
  viewingReviewLow: { label: "A customer rated my team's viewing 2 or lower", emailByDefault: true },
};

/**
 * The line the bell and the mail's subject show, from the kind and the record's number: the lead's (leadID), or for
 * permitExpired the listing's reference, for a deal's kinds the deal's title, for an activity's kinds its subject.
 */
export function staffNotificationText(kind: StaffNotificationKind, leadID: string | null): string {
  const lead = leadID ? `Lead ${leadID}` : 'A lead';
  switch (kind) {
    case 'permitExpired':
      return `Listing ${leadID ?? ''}: its Trakheesi permit is no longer valid, so it was taken off the portals. Renew the permit to publish it again`;
    case 'leadAssigned':
      return `${lead} was assigned to you`;
    case 'slaEnding':
      return `${lead}: its SLA ends in ${SLA_WARNING_MINUTES} minutes. Accept it before it goes to the lead pool`;
    case 'leadEnteredPool':
      return `${lead} entered the lead pool: claim it first`;
    case 'leadEscalated':
      return `${lead} was escalated to you: its lead pool time ran out`;
    case 'viewingReminder':
      return `Reminder: your viewing for ${lead} is coming up`;
    case 'dealWon':
      return `Deal won: ${leadID ?? 'a deal'}`;
    case 'dealLost':
      return `Deal lost: ${leadID ?? 'a deal'}`;
    case 'activityReminder':
      return `Reminder: ${leadID ?? 'an activity of yours is due'}`;
    case 'activityAssigned':
      return `A task was given to you: ${leadID ?? 'open it to see it'}`;
    case 'viewingReviewLow':
      return `${lead}: a customer rated its viewing poorly. Open it to read the review`;
  }
}

const KindSchema = z.enum(STAFF_NOTIFICATION_KINDS);

export const StaffNotificationSchema = z.object({
  _id: z.string(),
  kind: KindSchema,
  text: z.string(),
  lead: z.string().nullable(),
  leadID: z.string().nullable(),
  /** The listing a listing notification (permitExpired) is about, and its reference. */
  listing: z.string().nullable().optional(),
  listingReference: z.string().nullable().optional(),
  /** The deal a deal notification (dealWon, dealLost) is about. */
  deal: z.string().nullable().optional(),
  /** The activity (task, call...) an activity notification (activityReminder, activityAssigned) is about. */
  activity: z.string().nullable().optional(),
  asset: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type StaffNotification = z.infer<typeof StaffNotificationSchema>;

/** Where the bell opens a notification: its lead, else its deal, its listing, or its task on the Activities screen. */
export function staffNotificationLink(
  notification: Pick<StaffNotification, 'lead' | 'deal' | 'listing' | 'activity' | 'kind'>,
): string | null {
  if (notification.lead) return LINKS.leadDetail(notification.lead);
  if (notification.deal) return LINKS.deal(notification.deal);
  if (notification.listing) return LINKS.listing(notification.listing);
  if (notification.activity) return activitiesLink({ scope: 'mine' });
  return null;
}

/** The bell: the newest notifications of the caller, and how many are unread in all. */
export const StaffNotificationListSchema = z.object({
  data: z.array(StaffNotificationSchema),
  meta: z.object({ unread: z.number().int() }),
});
export type StaffNotificationList = z.infer<typeof StaffNotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationIdInputSchema = z.strictObject({ id: z.uuid({ error: 'Notification not found' }) });

/** One preference per kind: whether its mail goes out. */
export const NotificationPreferenceSchema = z.strictObject({ kind: KindSchema, email: z.boolean(), label: z.string() });
export const NotificationPreferencesSchema = z.array(NotificationPreferenceSchema);
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

/** `PATCH notifications/preferences`: the kinds to change (others keep their setting). */
export const NotificationPreferencesInputSchema = z.strictObject({
  email: z.partialRecord(KindSchema, z.boolean({ error: 'Choose on or off' })),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;

/** The live stream's event (GET notifications/stream, text/event-stream): the caller's unread count changed. */
export const NOTIFICATION_STREAM_EVENT = 'unread';

/**
 * The kinds of mail about a person's account, beside the staff notifications' kinds: each mail's row in the
 * notification log names one of them (docs/product.md 'Notification logs').
 */
export const ACCOUNT_MAIL_KINDS = {
  INVITE: 'invite',
  PASSWORD_RESET: 'passwordReset',
  ADMIN_PASSWORD_RESET: 'adminPasswordReset',
  SIGN_UP: 'signUp',
  SIGN_UP_EXISTING: 'signUpExisting',
  /** Someone else set the account's password (a team member's login, by their manager or an admin). */
  PASSWORD_CHANGED: 'passwordChanged',
  /** Someone else made a one-time sign-in link for the account. */
  SIGN_IN_LINK_CREATED: 'signInLinkCreated',
} as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[keyof typeof ACCOUNT_MAIL_KINDS];

/** How a mail's row in the notification log ends: it went to the mail server, or it did not. */
export const NOTIFICATION_LOG_STATUS = { SENT: 'sent', FAILED: 'failed' } as const;

// Admin > Notification logs: every mail (and, later, message or push) the product sent, with its outcome.
export const notificationLogContract = defineContract({
  name: 'notificationLogs',
  path: 'notification-logs',
  label: { one: 'notification log', many: 'notification logs' },
  scope: 'company',
  fields: {
    _id: f.id({ label: 'ID', exportable: false }),
    company: f.id({ label: 'Company', nullable: true, exportable: false }),
    asset: f.id({ label: 'Asset', nullable: true }),
    user: f.ref('users', { label: 'User', exportable: false }),
    channel: f.string({ label: 'Channel', sortable: true, distinct: true }),
    kind: f.string({ label: 'Kind', sortable: true, distinct: true }),
    recipient: f.string({ label: 'Recipient', sortable: true, searchable: true }),
    subject: f.string({ label: 'Subject', searchable: true }),
    status: f.string({ label: 'Status', sortable: true, distinct: true }),
    error: f.string({ label: 'Error', nullable: true }),
    createdAt: f.date({ label: 'Date', sortable: true }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['createdAt', 'channel', 'kind', 'recipient', 'subject', 'status', 'error'],
  permissions: { read: [P.SUPER_ACCESS] },
});

/** The last line of every notification mail: where the person turns such mails off. */
export const NOTIFICATION_MAIL_FOOTER =
  'You receive this mail because it is on in your profile (Profile > Notifications), where you can turn it off.';
