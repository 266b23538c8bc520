import { PATHS } from '@crm/domain';

/** Where a person chooses which notifications also come by email (a route of the domain's table). */
export const NOTIFICATION_PREFERENCES_PATH = PATHS.PROFILE_NOTIFICATIONS;
