import {
  NOTIFICATION_LIST_LIMIT,
  STAFF_NOTIFICATION_KIND_INFO,
  STAFF_NOTIFICATION_KINDS,
  staffNotificationText,
  type NotificationPreference,
  type NotificationPreferencesInput,
  type StaffNotification,
  type StaffNotificationKind,
  type StaffNotificationList,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';

// The caller's own notifications (the bell) and mail preferences. A person sees their notifications of every asset
// they work in: a lead assigned in another asset is still theirs to answer.

type Deps = Pick<AppDeps, 'db'>;

const isKind = (kind: string): kind is StaffNotificationKind => (STAFF_NOTIFICATION_KINDS as readonly string[]).includes(kind);

export async function unreadCount(deps: Deps, userId: string): Promise<number> {
  return deps.db.staffNotification.count({ where: { userId, readAt: null } });
}

export async function listNotifications(deps: Deps, actor: Actor): Promise<StaffNotificationList> {
  const [rows, unread] = await Promise.all([
    deps.db.staffNotification.findMany({
      where: { userId: actor.userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: NOTIFICATION_LIST_LIMIT,
    }),
    unreadCount(deps, actor.userId),
  ]);
  const leadIds = [...new Set(rows.map((row) => row.leadId).filter((id): id is string => !!id))];
  const leads = leadIds.length ? await deps.db.lead.findMany({ where: { id: { in: leadIds } }, select: { id: true, leadID: true } }) : [];
  const numbers = new Map(leads.map((lead) => [lead.id, lead.leadID]));
  const listingIds = [...new Set(rows.map((row) => row.listingId).filter((id): id is string => !!id))];
  const listings = listingIds.length
    ? await deps.db.listing.findMany({ where: { id: { in: listingIds } }, select: { id: true, reference: true } })
    : [];
  const references = new Map(listings.map((listing) => [listing.id, listing.reference]));
  const dealIds = [...new Set(rows.map((row) => row.dealId).filter((id): id is string => !!id))];
  const deals = dealIds.length ? await deps.db.deal.findMany({ where: { id: { in: dealIds } }, select: { id: true, title: true } }) : [];
  const titles = new Map(deals.map((deal) => [deal.id, deal.title]));
  const activityIds = [...new Set(rows.map((row) => row.activityId).filter((id): id is string => !!id))];
  const activities = activityIds.length
    ? await deps.db.activity.findMany({ where: { id: { in: activityIds } }, select: { id: true, subject: true } })
    : [];
  const subjects = new Map(activities.map((activity) => [activity.id, activity.subject]));
  const data: StaffNotification[] = rows.flatMap((row) => {
    if (!isKind(row.kind)) return [];
    const leadID = row.leadId ? (numbers.get(row.leadId) ?? null) : null;
    const listingReference = row.listingId ? (references.get(row.listingId) ?? null) : null;
    const label = row.activityId
      ? (subjects.get(row.activityId) ?? null)
      : row.dealId
        ? (titles.get(row.dealId) ?? null)
        : row.listingId
          ? listingReference
          : leadID;
    return [
      {
        _id: row.id,
        kind: row.kind,
        text: staffNotificationText(row.kind, label),
        lead: row.leadId,
        leadID,
        listing: row.listingId,
        listingReference,
        deal: row.dealId,
        activity: row.activityId,
        asset: row.assetId,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
  return { data, meta: { unread } };
}

export async function markRead(deps: Deps & Pick<AppDeps, 'clock'>, actor: Actor, id: string): Promise<{ unread: number }> {
  const { count } = await deps.db.staffNotification.updateMany({
    where: { id, userId: actor.userId, readAt: null },
    data: { readAt: deps.clock.now() },
  });
  if (count === 0 && !(await deps.db.staffNotification.findFirst({ where: { id, userId: actor.userId }, select: { id: true } })))
    throw AppError.notFound('Notification not found');
  return { unread: await unreadCount(deps, actor.userId) };
}

export async function markAllRead(deps: Deps & Pick<AppDeps, 'clock'>, actor: Actor): Promise<{ unread: number }> {
  await deps.db.staffNotification.updateMany({ where: { userId: actor.userId, readAt: null }, data: { readAt: deps.clock.now() } });
  return { unread: 0 };
}

export async function getPreferences(deps: Deps, actor: Actor): Promise<NotificationPreference[]> {
  const saved = await deps.db.notificationPreference.findMany({ where: { userId: actor.userId } });
  const chosen = new Map(saved.map((row) => [row.kind, row.email]));
  return STAFF_NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: STAFF_NOTIFICATION_KIND_INFO[kind].label,
    email: chosen.get(kind) ?? STAFF_NOTIFICATION_KIND_INFO[kind].emailByDefault,
  }));
}

export async function updatePreferences(deps: Deps, actor: Actor, input: NotificationPreferencesInput): Promise<NotificationPreference[]> {
  const changes = Object.entries(input.email).filter((entry): entry is [StaffNotificationKind, boolean] => typeof entry[1] === 'boolean');
  await deps.db.$transaction(
    changes.map(([kind, email]) =>
      deps.db.notificationPreference.upsert({
        where: { userId_kind: { userId: actor.userId, kind } },
        create: { userId: actor.userId, kind, email },
        update: { email },
      }),
    ),
  );
  return getPreferences(deps, actor);
}
