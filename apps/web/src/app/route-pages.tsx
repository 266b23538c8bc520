import { ACCEPT_INVITE_PATH, CUSTOMER_QUICK_LOGIN, PATHS, type AppRoute, type RoutePath, VIEWING_REVIEW_PAGE } from '@crm/domain';
import type { ReactNode } from 'react';
import { UsersAccessLogsPage } from '../features/admin/UsersAccessLogsPage';
import { ApiKeysSection } from '../features/admin/ApiKeysSection';
import { AcceptInvitePage } from '../features/admin/AcceptInvitePage';
import { UsersPage } from '../features/admin/UsersPage';
import { UserRolesPage } from '../features/admin/UserRolesPage';
import { CompanyAssetsPage } from '../features/admin/CompanyAssetsPage';
import { CompanySettingsPage } from '../features/admin/CompanySettingsPage';
import { LoginPage } from '../features/auth/LoginPage';
import { CustomerCreatePage } from '../features/customers/CustomerCreatePage';
import { CustomerDetailPage } from '../features/customers/CustomerDetailPage';
import { CustomersPage } from '../features/customers/CustomersPage';
import { CustomerUpdatePage } from '../features/customers/CustomerUpdatePage';
import { CustomerQuickLoginPage } from '../features/customers/quick-login/CustomerQuickLoginPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DeveloperCreatePage } from '../features/developers/DeveloperCreatePage';
import { DeveloperDetailPage } from '../features/developers/DeveloperDetailPage';
import { DevelopersPage } from '../features/developers/DevelopersPage';
import { DeveloperUpdatePage } from '../features/developers/DeveloperUpdatePage';
import { ListingCreatePage } from '../features/listings/ListingCreatePage';
import { ListingDetailPage } from '../features/listings/ListingDetailPage';
import { ListingsPage } from '../features/listings/ListingsPage';
import { ListingUpdatePage } from '../features/listings/ListingUpdatePage';
import { ForbiddenPage } from '../features/errors/ForbiddenPage';
import { CustomFieldsPage } from '../features/custom-fields/CustomFieldsPage';
import { FaqCategoriesPage } from '../features/faqs/FaqCategoriesPage';
import { FaqQuestionsPage } from '../features/faqs/FaqQuestionsPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { IntegrationsPage } from '../features/integrations/IntegrationsPage';
import { MyLeadsPage } from '../features/leads/agent/MyLeadsPage';
import { CreateLeadPage } from '../features/leads/form/CreateLeadPage';
import { UpdateLeadPage } from '../features/leads/form/UpdateLeadPage';
import { LeadDetailPage } from '../features/leads/report/LeadDetailPage';
import { LeadsReportPage } from '../features/leads/report/LeadsReportPage';
import { LeadUpdateRedirect } from '../features/leads/report/LeadUpdateRedirect';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';
import { ProjectCreatePage } from '../features/projects/ProjectCreatePage';
import { ProjectDetailPage } from '../features/projects/ProjectDetailPage';
import { ProjectEditorPage } from '../features/projects/ProjectEditorPage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { AccessLogsPage } from '../features/profile/AccessLogsPage';
import { SystemLogsPage } from '../features/admin/SystemLogsPage';
import { NotificationLogsPage } from '../features/notifications/NotificationLogsPage';
import { NotificationPreferencesPage } from '../features/notifications/NotificationPreferencesPage';
import { ChangePasswordPage } from '../features/profile/ChangePasswordPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { StoragePage } from '../features/storage/StoragePage';
import { LeadSettingsPage } from '../features/settings/LeadSettingsPage';
import { ActivityLogsPage } from '../features/settings/ActivityLogsPage';
import { BasicSettingsPage } from '../features/settings/BasicSettingsPage';
import { PlacesPage } from '../features/places/PlacesPage';
import { ViewingSettingsPage } from '../features/settings/ViewingSettingsPage';
import { BrokersReportPage } from '../features/team/BrokersReportPage';
import { DealDetailPage } from '../features/deals/DealDetailPage';
import { DealPipelinesPage } from '../features/deals/DealPipelinesPage';
import { DealsPage } from '../features/deals/DealsPage';
import { PortalLeadsPage } from '../features/reports/PortalLeadsPage';
import { QualificationReviewsPage } from '../features/reviews/QualificationReviewsPage';
import { ViewingReviewPublicPage } from '../features/reviews/public/ViewingReviewPublicPage';
import { ViewingReviewsPage } from '../features/reviews/ViewingReviewsPage';
import { ActivitiesPage } from '../features/activities/ActivitiesPage';
import { ManagersReportPage } from '../features/team/ManagersReportPage';
import { OfficesReportPage } from '../features/team/OfficesReportPage';
import { MemberDetailPage } from '../features/team/MemberDetailPage';
import { MemberLinkSignInPage } from '../features/team/MemberLinkSignInPage';
import { MembersPage } from '../features/team/MembersPage';
import { DepartmentsPage, GroupsPage } from '../features/team/TeamNamesPage';

/** Pages by a path the route table declares (packages/domain navigation): a mistyped path fails the typecheck. */
export type PageTable = Partial<Readonly<Record<RoutePath, () => ReactNode>>>;

/** The pages built so far, by route path; every other route of the domain's table is an empty state. */
const PAGES: PageTable = {
  [PATHS.AUTH]: () => <LoginPage />,
  [PATHS.AUTH_LOGIN]: () => <LoginPage />,
  [PATHS.DASHBOARD]: () => <DashboardPage />,
  [PATHS.PROFILE]: () => <ProfilePage />,
  '/profile/change-password': () => <ChangePasswordPage />,
  '/profile/access-logs': () => <AccessLogsPage />,
  [PATHS.PROFILE_NOTIFICATIONS]: () => <NotificationPreferencesPage />,
  '/admin/notification-logs': () => <NotificationLogsPage />,
  '/admin/system-logs': () => <SystemLogsPage />,
  '/admin/users-access-logs': () => <UsersAccessLogsPage />,
  [PATHS.LEADS_REPORT]: () => <LeadsReportPage />,
  '/reports/leads/:id': () => <LeadDetailPage />,
  '/reports/leads/:id/update': () => <LeadUpdateRedirect />,
  [PATHS.LEAD_CREATE]: () => <CreateLeadPage />,
  '/reports/leads/create': () => <CreateLeadPage />,
  '/leads/:id/update': () => <UpdateLeadPage />,
  [PATHS.CUSTOMERS]: () => <CustomersPage />,
  [PATHS.CUSTOMER_CREATE]: () => <CustomerCreatePage />,
  '/customers/:id': () => <CustomerDetailPage />,
  '/customers/:id/update': () => <CustomerUpdatePage />,
  [PATHS.MY_LEADS]: () => <MyLeadsPage />,
  [PATHS.STORAGE]: () => <StoragePage />,
  [PATHS.DEVELOPERS]: () => <DevelopersPage />,
  [PATHS.FAQ_QUESTIONS]: () => <FaqQuestionsPage />,
  [PATHS.CUSTOM_FIELDS]: () => <CustomFieldsPage />,
  [PATHS.FAQ_CATEGORIES]: () => <FaqCategoriesPage />,
  [PATHS.DEVELOPER_CREATE]: () => <DeveloperCreatePage />,
  '/properties/developers/:id': () => <DeveloperDetailPage />,
  '/properties/developers/:id/update': () => <DeveloperUpdatePage />,
  [PATHS.LISTINGS]: () => <ListingsPage />,
  [PATHS.LISTING_CREATE]: () => <ListingCreatePage />,
  '/properties/listings/:id': () => <ListingDetailPage />,
  '/properties/listings/:id/update': () => <ListingUpdatePage />,
  [PATHS.PROJECTS]: () => <ProjectsPage />,
  [PATHS.PROJECT_CREATE]: () => <ProjectCreatePage />,
  '/properties/projects/:id': () => <ProjectDetailPage />,
  '/properties/projects/:id/update': () => <ProjectEditorPage />,
  '/integrations': () => <IntegrationsPage apiKeys={<ApiKeysSection />} />,
  [CUSTOMER_QUICK_LOGIN.PATH]: () => <CustomerQuickLoginPage />,
  [VIEWING_REVIEW_PAGE.PATH]: () => <ViewingReviewPublicPage />,
  '/teams/members': () => <MembersPage />,
  '/teams/members/:id': () => <MemberDetailPage />,
  '/teams/departments': () => <DepartmentsPage />,
  '/teams/groups': () => <GroupsPage />,
  '/auth/member-link': () => <MemberLinkSignInPage />,
  '/reports/better-agent': () => <BrokersReportPage />,
  '/reports/deals': () => <DealsPage />,
  '/reports/leads-review': () => <QualificationReviewsPage />,
  '/reports/viewing-reviews': () => <ViewingReviewsPage />,
  '/reports/portal-leads': () => <PortalLeadsPage />,
  '/reports/activities': () => <ActivitiesPage />,
  '/reports/deals/:id': () => <DealDetailPage />,
  '/reports/managers': () => <ManagersReportPage />,
  '/reports/office-war': () => <OfficesReportPage />,
  [PATHS.FORBIDDEN]: () => <ForbiddenPage />,
  [PATHS.NOT_FOUND]: () => <NotFoundPage />,
  '/settings/lead-setting': () => <LeadSettingsPage />,
  '/admin/activity-logs': () => <ActivityLogsPage />,
  '/settings/basic-settings': () => <BasicSettingsPage />,
  '/settings/locations': () => <PlacesPage />,
  '/settings/viewing-setting': () => <ViewingSettingsPage />,
  '/settings/deal-pipelines': () => <DealPipelinesPage />,
  // Admin.
  '/admin/users': () => <UsersPage />,
  '/admin/user-roles': () => <UserRolesPage />,
  '/admin/assets': () => <CompanyAssetsPage />,
  '/admin/settings': () => <CompanySettingsPage />,
  [ACCEPT_INVITE_PATH]: () => <AcceptInvitePage />,
};

export function pageFor(route: AppRoute): ReactNode {
  // A route's path is any string to the router; reading by it is safe, the table's keys were checked above.
  const page = (PAGES as Readonly<Record<string, (() => ReactNode) | undefined>>)[route.path];
  return page ? page() : <PlaceholderPage title={route.title ?? route.path} />;
}
