import type { PermissionCode } from '@crm/domain';

/** Who is calling: resolved once per request from the bearer token by the auth plugin. */
export interface Actor {
  userId: string;
  sessionId: string;
  /** Set when the caller is an integrator's API key (then userId and sessionId are the key's id). */
  apiKeyId?: string;
  companyId: string;
  email: string;
  fullName: string;
  roleCode: string;
  permissions: PermissionCode[];
  isRootUser: boolean;
  /** The active asset of the profile, or the one the request named (checked against `assetIds`). */
  assetId: string | null;
  /** Every asset this user may enter; for super access, every asset of the company. */
  assetIds: string[];
}
