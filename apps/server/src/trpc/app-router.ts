import { accessLogsRouter, activityLogsRouter, systemLogsRouter } from '../modules/admin/admin.router.js';
import { apiKeysRouter } from '../modules/api-keys/api-keys.router.js';
import { assetsRouter } from '../modules/assets/assets.router.js';
import { authRouter } from '../modules/auth/auth.router.js';
import { conversationsRouter } from '../modules/conversations/conversations.router.js';
import { customersRouter } from '../modules/customers/customers.router.js';
import { customFieldsRouter } from '../modules/custom-fields/custom-fields.router.js';
import { faqCategoriesRouter, faqsRouter } from '../modules/faqs/faqs.router.js';
import { qualificationReviewsRouter, viewingReviewsRouter } from '../modules/reviews/reviews.router.js';
import { reportsRouter } from '../modules/reports/reports.router.js';
import { integrationsRouter } from '../modules/integrations/integrations.router.js';
import { marketingRouter } from '../modules/integrations/providers/marketing.router.js';
import { healthRouter } from '../modules/health/health.router.js';
import { homeRouter } from '../modules/home/home.router.js';
import { timelineRouter } from '../modules/timeline/timeline.router.js';
import { importsRouter } from '../modules/imports/imports.router.js';
import { leadsRouter } from '../modules/leads/lead.router.js';
import { listingsRouter } from '../modules/listings/listings.router.js';
import { lookupsRouter, placesRouter } from '../modules/lookups/lookups.router.js';
import { departmentsRouter, groupsRouter, membersRouter } from '../modules/members/members.router.js';
import { notificationLogsRouter, notificationsRouter } from '../modules/notifications/notifications.router.js';
import { profileRouter } from '../modules/profile/profile.router.js';
import { developersRouter, projectsRouter } from '../modules/projects/projects.router.js';
import { storageRouter } from '../modules/storage/storage.router.js';
import { memberRatingsRouter } from '../modules/members/members.router.js';
import { usersRouter } from '../modules/admin/users.router.js';
import { rolesRouter } from '../modules/admin/roles.router.js';
import { companyAssetsRouter } from '../modules/admin/company-assets.router.js';
import { companySettingsRouter, twoFactorRouter } from '../modules/admin/security.router.js';
import { viewingsRouter } from '../modules/viewings/viewings.router.js';
import { dealsRouter } from '../modules/deals/deals.router.js';
import { activitiesRouter } from '../modules/activities/activities.router.js';
import { envelopesRouter } from '../modules/integrations/providers/docusign/envelopes.router.js';
import { googleCalendarRouter } from '../modules/integrations/providers/googlecalendar/calendar-connect.router.js';
import { router } from './trpc.js';

/**
 * Every domain's tRPC router, in one explicit list. A resource's router is keyed by its contract's name
 * (`trpc.customers.list`); the web imports only this type.
 */
export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  assets: assetsRouter,
  lookups: lookupsRouter,
  places: placesRouter,
  leads: leadsRouter,
  conversations: conversationsRouter,
  customers: customersRouter,
  storage: storageRouter,
  members: membersRouter,
  departments: departmentsRouter,
  groups: groupsRouter,
  listings: listingsRouter,
  imports: importsRouter,
  projects: projectsRouter,
  developers: developersRouter,
  faqs: faqsRouter,
  faqCategories: faqCategoriesRouter,
  customFields: customFieldsRouter,
  accessLogs: accessLogsRouter,
  apiKeys: apiKeysRouter,
  activityLogs: activityLogsRouter,
  systemLogs: systemLogsRouter,
  notifications: notificationsRouter,
  notificationLogs: notificationLogsRouter,
  memberRatings: memberRatingsRouter,
  qualificationReviews: qualificationReviewsRouter,
  viewingReviews: viewingReviewsRouter,
  reports: reportsRouter,
  integrations: integrationsRouter,
  marketing: marketingRouter,
  users: usersRouter,
  roles: rolesRouter,
  companyAssets: companyAssetsRouter,
  companySettings: companySettingsRouter,
  twoFactor: twoFactorRouter,
  viewings: viewingsRouter,
  deals: dealsRouter,
  activities: activitiesRouter,
  health: healthRouter,
  home: homeRouter,
  timeline: timelineRouter,
  envelopes: envelopesRouter,
  googleCalendar: googleCalendarRouter,
});

export type AppRouter = typeof appRouter;
