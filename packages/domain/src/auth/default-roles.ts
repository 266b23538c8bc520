import { PERMISSION_CODES, PERMISSIONS, ROLE_CODES, type PermissionCode, type RoleCode } from '../permissions/permission-codes.js';

// The four roles every company starts with (docs/api.md 'Demo data'); registration and the seed create them.

const P = PERMISSIONS;

const REPORTS: PermissionCode[] = [
  P.LEADS_REPORT_VIEW,
  P.PORTAL_LEADS_REPORT_VIEW,
  P.LEAD_REVIEWS_REPORT_VIEW,
  P.BETTER_AGENT_REPORT_VIEW,
  P.OFFICEWAR_REPORT_VIEW,
  P.RERA_REPORT_VIEW,
  P.VIEWING_REPORT_VIEW,
  P.MANAGERS_REPORT_VIEW,
  P.VIEWING_REVIEWS_REPORT_VIEW,
];

export interface DefaultRole {
  code: RoleCode;
  name: string;
  permissions: PermissionCode[];
}

export const DEFAULT_ROLES: readonly DefaultRole[] = [
  // SUPER_ADMIN passes every check by its code; the full list is stored so role screens show it truthfully.
  { code: ROLE_CODES.SUPER_ADMIN, name: 'Super Admin', permissions: [...PERMISSION_CODES] },
  { code: ROLE_CODES.ADMIN, name: 'Admin', permissions: PERMISSION_CODES.filter((code) => code !== P.SUPER_ACCESS) },
  {
    code: ROLE_CODES.MANAGER,
    name: 'Manager',
    permissions: [
      ...REPORTS,
      P.LEAD_ADD,
      P.LEAD_UPDATE,
      P.LEAD_UPDATE_SLA,
      P.VIEW_SENSITIVE_INFORMATION,
      P.CUSTOMERS_VIEW,
      P.CUSTOMER_ADD,
      P.CUSTOMER_UPDATE,
      P.MEMBERS_VIEW,
      P.DEPARTMENTS_VIEW,
      P.GROUPS_VIEW,
      // Their team's deals and their own (DEALS_OF_WHOLE_ASSET says who sees the asset's).
      P.DEALS_VIEW,
    ],
  },
  {
    code: ROLE_CODES.AGENT,
    name: 'Agent',
    permissions: [P.LEADS_REPORT_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.CUSTOMERS_VIEW, P.CUSTOMER_ADD, P.DEALS_VIEW],
  },
];
