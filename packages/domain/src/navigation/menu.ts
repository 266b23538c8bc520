import { PERMISSIONS as P, type PermissionCode } from '../permissions/permission-codes.js';

/**
 * One side-menu entry (docs/product.md 'Side menu'). `permissions` is any-of; empty = any logged-in user.
 * A group (with children) is shown when it passes its own check and keeps at least one visible child.
 * `icon` names an @ant-design/icons component; `action` marks an entry that is not a link.
 */
export interface MenuItem {
  key: string;
  label: string;
  path?: string;
  icon?: string;
  permissions: readonly PermissionCode[];
  action?: 'logout';
  children?: readonly MenuItem[];
}

// Generic over the path and the children so the menu's type keeps every path it declares (MenuPath).
const leaf = <const Path extends string>(
  key: string,
  label: string,
  path: Path,
  permissions: readonly PermissionCode[] = [],
): MenuItem & { path: Path } => ({
  key,
  label,
  path,
  permissions,
});

const group = <const Children extends readonly MenuItem[]>(
  key: string,
  label: string,
  icon: string,
  children: Children,
  permissions: readonly PermissionCode[] = [],
): MenuItem & { children: Children } => ({
  key,
  label,
  icon,
  permissions,
  children,
});

const MENU_TREE = [
  { key: 'home', label: 'Home', path: '/dashboard', icon: 'HomeOutlined', permissions: [] },
  group('crm', 'CRM', 'ContactsOutlined', [
    leaf('crm-leads', 'Leads', '/reports/leads', [P.LEADS_REPORT_VIEW]),
    // An agent's own leads and the lead pool: agents work leads (LEAD_UPDATE) without the whole report.
    leaf('crm-my-leads', 'My Leads', '/reports/my-leads', [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE]),
    leaf('crm-listings', 'Listings', '/properties/listings', [P.LISTINGS_VIEW]),
    leaf('crm-deals', 'Deals', '/reports/deals', [P.DEALS_VIEW]),
    leaf('crm-activities', 'Activities', '/reports/activities', [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE, P.DEALS_VIEW]),
    leaf('crm-qualification-reviews', 'Qualification Reviews', '/reports/leads-review', [P.LEAD_REVIEWS_REPORT_VIEW]),
    leaf('crm-customers', 'Customers', '/customers', [P.CUSTOMERS_VIEW]),
    leaf('crm-brokers', 'Brokers', '/reports/better-agent', [P.BETTER_AGENT_REPORT_VIEW]),
    leaf('crm-viewing-reviews', 'Viewing Reviews', '/reports/viewing-reviews', [P.VIEWING_REVIEWS_REPORT_VIEW]),
    leaf('crm-managers', 'Managers', '/reports/managers', [P.MANAGERS_REPORT_VIEW]),
    leaf('crm-offices', 'Offices', '/reports/office-war', [P.OFFICEWAR_REPORT_VIEW]),
    leaf('crm-new-projects', 'New Projects', '/properties/projects', [P.PROJECTS_VIEW]),
    leaf('crm-developers', 'Developers', '/properties/developers', [P.DEVELOPERS_VIEW]),
    leaf('crm-custom-fields', 'Custom Fields', '/properties/custom-fields', [P.LISTINGS_VIEW]),
    leaf('crm-portal-leads', 'Portal Leads', '/reports/portal-leads', [P.PORTAL_LEADS_REPORT_VIEW]),
    leaf('crm-rera-report', 'RERA Report', '/reports/rera-report', [P.RERA_REPORT_VIEW]),
  ]),
  group('content', 'Content', 'FileTextOutlined', [
    leaf('content-pages', 'Pages', '/dynamic-pages', [P.PAGES_VIEW]),
    leaf('content-sliders', 'Sliders', '/sliders', [P.SLIDERS_VIEW]),
    leaf('content-area-guides', 'Area Guide', '/area-guides', [P.AREAGUIDES_VIEW]),
    leaf('content-publications', 'Publications', '/publications', [P.PUBLICATIONS_VIEW]),
    leaf('content-awards', 'Awards', '/awards', [P.AWARDS_VIEW]),
    leaf('content-tables', 'Tables', '/pricing/tables', [P.PRICING_TABLES_VIEW]),
  ]),
  group('forms', 'Forms', 'FormOutlined', [
    leaf('forms-forms', 'Forms', '/data-form/forms', [P.FORMS_VIEW]),
    leaf('forms-enquiries', 'Enquiries', '/data-form/enquiries', [P.FORMS_VIEW]),
  ]),
  group('outreach', 'Outreach', 'SendOutlined', [
    leaf('outreach-campaigns', 'Campaigns', '/outreach-campaigns', [P.OUTREACH_CAMPAIGNS_VIEW]),
    leaf('outreach-templates', 'Templates', '/templates', [P.OUTREACH_CAMPAIGNS_VIEW]),
    // The original menu pointed Cohorts at /outreach-campaigns; /cohorts is its own guarded route, so it links there.
    leaf('outreach-cohorts', 'Cohorts', '/cohorts', [P.OUTREACH_CAMPAIGNS_VIEW]),
  ]),
  group('outreach-notifications-group', 'Outreach', 'NotificationOutlined', [
    leaf('outreach-notifications', 'Notifications', '/outreach-campaigns/notifications', [P.OUTREACH_CAMPAIGNS_VIEW]),
  ]),
  group('teams', 'Teams', 'TeamOutlined', [
    leaf('teams-members', 'Members', '/teams/members', [P.MEMBERS_VIEW]),
    leaf('teams-departments', 'Departments', '/teams/departments', [P.DEPARTMENTS_VIEW]),
    leaf('teams-groups', 'Groups', '/teams/groups', [P.GROUPS_VIEW]),
  ]),
  group('faqs', 'FAQs', 'QuestionCircleOutlined', [
    leaf('faqs-questions', 'Questions', '/faqs/questions', [P.FAQS_VIEW]),
    leaf('faqs-categories', 'Categories', '/faqs/categories', [P.FAQS_VIEW]),
  ]),
  group('endorsements', 'Endorsements', 'LikeOutlined', [
    leaf('endorsements-customer-reviews', 'Customer Reviews', '/endorsements/customer-reviews', [P.CUSTOMER_REVIEWS_VIEW]),
    leaf('endorsements-testimonials', 'Testimonials', '/endorsements/testimonials', [P.TESTIMONIALS_VIEW]),
    leaf('endorsements-clients', 'Clients', '/endorsements/clients', [P.CLIENTS_VIEW]),
    leaf('endorsements-categories', 'Categories', '/endorsements/categories', [
      P.CUSTOMER_REVIEWS_VIEW,
      P.TESTIMONIALS_VIEW,
      P.CLIENTS_VIEW,
    ]),
  ]),
  group('timelines', 'Timelines', 'FieldTimeOutlined', [
    leaf('timelines-timeline', 'Timeline', '/timeline', [P.STORIES_VIEW]),
    leaf('timelines-stories', 'Stories', '/timeline/stories', [P.STORIES_VIEW]),
  ]),
  group('careers', 'Careers', 'SolutionOutlined', [
    leaf('careers-jobs', 'Jobs', '/careers/jobs', [P.CAREERS_VIEW]),
    leaf('careers-applications', 'Applications', '/careers/applications', [P.CAREERS_VIEW]),
  ]),
  group('blogs', 'Blogs', 'ReadOutlined', [
    leaf('blogs-posts', 'Posts', '/blogs/posts', [P.ARTICLES_VIEW, P.BLOGS_VIEW]),
    leaf('blogs-categories', 'Categories', '/blogs/categories', [P.BLOGS_VIEW]),
    leaf('blogs-tags', 'Tags', '/blogs/tags', [P.BLOGS_VIEW]),
  ]),
  group('seo', 'SEO', 'GlobalOutlined', [
    leaf('seo-dynamic-urls', 'Dynamic URLs', '/seo/dynamic-urls', [P.URL_VIEW]),
    leaf('seo-custom-urls', 'Custom URLs', '/seo/custom-urls', [P.URL_VIEW]),
  ]),
  group('media', 'Media', 'PictureOutlined', [leaf('media-storage', 'Storage', '/storage', [P.STORAGES_VIEW])]),
  group('settings', 'Settings', 'SettingOutlined', [
    leaf('settings-basic', 'Basic Settings', '/settings/basic-settings', [P.BASIC_SETTING_VIEW]),
    leaf('settings-locations', 'Locations', '/settings/locations', [P.BASIC_SETTING_VIEW]),
    leaf('settings-lead', 'Lead Setting', '/settings/lead-setting', [P.LEAD_SETTING_VIEW]),
    leaf('settings-viewing', 'Viewing Setting', '/settings/viewing-setting', [P.VIEWING_SETTING_VIEW]),
    leaf('settings-deal-pipelines', 'Deal Pipelines', '/settings/deal-pipelines', [P.LEAD_SETTING_VIEW]),
    leaf('settings-integrations', 'Integrations', '/integrations', [P.INTEGRATIONS_VIEW]),
  ]),
  group(
    'admin',
    'Admin',
    'SafetyOutlined',
    [
      leaf('admin-settings', 'Settings', '/admin/settings', [P.SUPER_ACCESS]),
      leaf('admin-assets', 'Assets', '/admin/assets', [P.ASSETS_VIEW]),
      leaf('admin-user-roles', 'User Roles', '/admin/user-roles', [P.ROLES_VIEW]),
      leaf('admin-users', 'Users', '/admin/users', [P.USERS_VIEW]),
      leaf('admin-users-access-logs', 'Users Access Logs', '/admin/users-access-logs', [P.USERS_VIEW]),
      leaf('admin-activity-logs', 'Activity Logs', '/admin/activity-logs', [P.SUPER_ACCESS]),
      leaf('admin-system-logs', 'System Logs', '/admin/system-logs', [P.SUPER_ACCESS]),
      leaf('admin-notification-logs', 'Notification Logs', '/admin/notification-logs', [P.SUPER_ACCESS]),
    ],
    [P.SUPER_ACCESS],
  ),
  group('profile', 'Profile', 'UserOutlined', [
    leaf('profile-overview', 'Profile', '/profile'),
    leaf('profile-change-password', 'Change Password', '/profile/change-password'),
    leaf('profile-access-logs', 'Access Logs', '/profile/access-logs'),
    { key: 'profile-logout', label: 'Logout', icon: 'LogoutOutlined', permissions: [], action: 'logout' },
  ]),
] as const;

export const MENU: readonly MenuItem[] = MENU_TREE;

/** The paths of a menu's links, its groups' children's included. */
type PathsOf<Items> = Items extends readonly (infer Item)[]
  ? Item extends { children: infer Children }
    ? PathsOf<Children>
    : Item extends { path: infer Path extends string }
      ? Path
      : never
  : never;

/** Every path the side menu links to (a route each, routes.ts). */
export type MenuPath = PathsOf<typeof MENU_TREE>;
