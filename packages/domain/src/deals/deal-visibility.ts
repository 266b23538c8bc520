import { PERMISSIONS as P, type PermissionCode } from '../permissions/permission-codes.js';

/**
 * Who sees every deal of the asset, with its value and commission: who runs the asset's lead engine, as Home's asset
 * figures (docs/product.md 'Deals'). Everyone else with DEALS_VIEW sees the deals of their own and of the members who
 * report to them: on the list, the board, the totals, a deal's page and its timeline alike.
 */
export const DEALS_OF_WHOLE_ASSET: readonly PermissionCode[] = [P.LEAD_SETTING_VIEW];
