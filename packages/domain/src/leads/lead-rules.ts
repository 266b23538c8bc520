import { LIMITS } from '../constants/limits.constants.js';
import { MESSAGES, type RangeQuantity } from '../messages/messages.js';
import { toDate, type DateInput } from '../time/date-value.js';
import { FORM_LEAD_TYPE } from './lead-enums.js';

// The lead rules (docs/product.md 'Lead form') that look at more than one field, written once for the form schema and the
// server's payload schema. They read a form-shaped view (form field names) and report on form field names,
// so the browser can put a server error on the field it came from.

const M = MESSAGES.lead;

export type LeadRuleField =
  | 'listing'
  | 'campaignName'
  | 'country'
  | 'city'
  | 'location'
  | 'propertyType'
  | 'amenities'
  | 'minBedroom'
  | 'maxBedroom'
  | 'minBathrooms'
  | 'maxBathrooms'
  | 'minBudget'
  | 'maxBudget'
  | 'initialSlaEndDate'
  | 'freePoolSlaEndDate';

/** What the rules read; values are unknown because a rule also runs when some field failed its type. */
export type LeadRuleView = Partial<Record<LeadRuleField | 'type' | 'setAutoSLADetails', unknown>>;

export type LeadRuleReport = (field: LeadRuleField, message: string) => void;

interface RangePair {
  quantity: RangeQuantity;
  min: LeadRuleField;
  max: LeadRuleField;
  whole: boolean;
  limit: number;
}

export const LEAD_RANGE_PAIRS: readonly RangePair[] = [
  { quantity: 'bedrooms', min: 'minBedroom', max: 'maxBedroom', whole: true, limit: LIMITS.MAX_ROOMS },
  { quantity: 'bathrooms', min: 'minBathrooms', max: 'maxBathrooms', whole: true, limit: LIMITS.MAX_ROOMS },
  { quantity: 'budget', min: 'minBudget', max: 'maxBudget', whole: false, limit: LIMITS.MAX_BUDGET },
];

const present = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && 'label' in value) return present((value as { label: unknown }).label);
  return true;
};

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export interface LeadRuleOptions {
  /**
   * A general lead opened by a customer's message (WhatsApp): what they look for (location, property type,
   * amenities, bedrooms, budget) is not known yet; the agent fills it in when qualifying the lead.
   */
  detailsPending?: boolean;
}

/**
 * Every cross-field and type-dependent lead rule. `failed` names fields that already have an issue (a bad
 * type, say), so they do not also get "is required".
 */
export function checkLeadRules(
  view: LeadRuleView,
  failed: ReadonlySet<string>,
  report: LeadRuleReport,
  options: LeadRuleOptions = {},
): void {
  const require = (field: LeadRuleField, message: string) => {
    if (!failed.has(field) && !present(view[field])) report(field, message);
  };

  for (const pair of LEAD_RANGE_PAIRS) checkRange(view, pair, report);

  if (view.type === FORM_LEAD_TYPE.LISTING) require('listing', M.listingRequired);
  if (view.type === FORM_LEAD_TYPE.OFFPLAN) {
    require('campaignName', M.projectRequired);
    require('propertyType', M.propertyTypeRequired);
  }
  if (view.type === FORM_LEAD_TYPE.GENERAL) {
    require('country', M.countryRequired);
    require('city', M.cityRequired);
  }
  if (view.type === FORM_LEAD_TYPE.GENERAL && !options.detailsPending) {
    require('location', M.locationRequired);
    require('propertyType', M.propertyTypeRequired);
    require('amenities', M.amenitiesRequired);
    require('minBedroom', M.bedroomsRequired);
    require('maxBedroom', M.bedroomsRequired);
    require('minBudget', M.budgetRequired);
    require('maxBudget', M.budgetRequired);
  }

  if (view.setAutoSLADetails === false) checkManualSla(view, failed, report);
}

function checkRange(view: LeadRuleView, pair: RangePair, report: LeadRuleReport): void {
  const min = numberOf(view[pair.min]);
  const max = numberOf(view[pair.max]);
  for (const [bound, field, value] of [
    ['Min', pair.min, min],
    ['Max', pair.max, max],
  ] as const) {
    if (value === undefined) continue;
    if (value < 0) report(field, M.atLeastZero(bound, pair.quantity));
    if (pair.whole && !Number.isInteger(value)) report(field, M.wholeNumber(bound, pair.quantity));
    if (value > pair.limit) report(field, M.tooLarge(bound, pair.quantity, pair.limit));
  }
  if (min !== undefined && max !== undefined && min > max) {
    report(pair.min, M.minGreaterThanMax(pair.quantity));
    report(pair.max, M.maxLessThanMin(pair.quantity));
  }
}

/** Manual SLA: both dates needed, the initial end strictly before the free-pool end. */
function checkManualSla(view: LeadRuleView, failed: ReadonlySet<string>, report: LeadRuleReport): void {
  const read = (field: 'initialSlaEndDate' | 'freePoolSlaEndDate', requiredMessage: string): Date | undefined => {
    if (failed.has(field)) return undefined;
    const raw = view[field];
    if (!present(raw)) {
      report(field, requiredMessage);
      return undefined;
    }
    const date = toDate(raw as DateInput);
    if (!date) report(field, M.invalidDate);
    return date;
  };
  const initial = read('initialSlaEndDate', M.initialSlaRequired);
  const freePool = read('freePoolSlaEndDate', M.freePoolSlaRequired);
  if (!initial || !freePool) return;
  if (initial.getTime() === freePool.getTime()) report('initialSlaEndDate', M.slaDatesSame);
  else if (initial.getTime() > freePool.getTime()) report('initialSlaEndDate', M.initialSlaNotBeforeFreePool);
}

/** The top-level field names that already carry an issue. */
export function fieldsWithIssues(issues: readonly { path?: readonly PropertyKey[] | undefined }[]): Set<string> {
  return new Set(issues.flatMap((issue) => (issue.path?.length ? [String(issue.path[0])] : [])));
}
