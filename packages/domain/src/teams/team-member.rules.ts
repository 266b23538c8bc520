// Derived facts about team members (agents and managers).

export interface WhatsappSource {
  whatsappNumber?: string | null;
  whatsappCode?: string | null;
  phone?: string | null;
}

/** The member's WhatsApp number: whatsappNumber if set, else the WhatsApp code followed by the phone. */
export function whatsappNumberOf(member: WhatsappSource): string | null {
  const explicit = member.whatsappNumber?.trim();
  if (explicit) return explicit;
  const code = member.whatsappCode?.trim() ?? '';
  const phone = member.phone?.replace(/\s+/g, '') ?? '';
  if (!code || !phone) return null;
  return `${code.startsWith('+') ? code : `+${code}`}${phone}`;
}

export interface ReportingSource {
  reportedTo?: unknown;
}

/** Managers are the team members who report to nobody. */
export function isManager(member: ReportingSource): boolean {
  const to = member.reportedTo;
  return to === null || to === undefined || to === '';
}

export function managersOf<T extends ReportingSource>(members: readonly T[]): T[] {
  return members.filter(isManager);
}

/** Disabled agents stay visible in selection lists but cannot be chosen. */
export function isSelectableAgent(member: { enabled?: boolean | null }): boolean {
  return member.enabled === true;
}

/** A member's default flags. */
export const TEAM_MEMBER_DEFAULTS = {
  enabled: false,
  isTest: false,
  isLeadProcessEnabled: false,
  isEngageHero: false,
} as const;

/**
 * Whether `memberId` reporting to `managerId` would close a loop (a member managing, through others, their own
 * manager), given who every member reports to. Walks up from the manager; a loop above that does not reach
 * the member is not this change's doing.
 */
export function closesReportingCycle(
  memberId: string,
  managerId: string | null | undefined,
  reportsTo: ReadonlyMap<string, string | null>,
): boolean {
  const seen = new Set<string>();
  let current = managerId ?? null;
  while (current) {
    if (current === memberId) return true;
    if (seen.has(current)) return false;
    seen.add(current);
    current = reportsTo.get(current) ?? null;
  }
  return false;
}

/** A member receives automatic leads (and may claim from the pool) only while all of these hold. */
export function takesLeads(member: { enabled: boolean; isLeadProcessEnabled: boolean; isTest: boolean; deleted?: boolean }): boolean {
  return member.enabled && member.isLeadProcessEnabled && !member.isTest && !member.deleted;
}

/** A BRN that ends within this many days is 'expiring' (the RERA report's people, a member's page). */
export const BRN_EXPIRING_DAYS = 14;
export const BRN_STATES = ['missing', 'expired', 'expiring', 'valid'] as const;
export type BrnState = (typeof BRN_STATES)[number];
export const BRN_STATE_LABELS: Record<BrnState, string> = {
  missing: 'No BRN or no expiry',
  expired: 'BRN expired',
  expiring: 'BRN expiring',
  valid: 'BRN valid',
};

/** Where a member's broker registration stands at `now`: none (or no expiry), ended, ending within the days, or valid. */
export function brnState(
  member: { brn?: string | null; brnExpiresAt?: string | Date | null },
  now: Date,
  days = BRN_EXPIRING_DAYS,
): BrnState {
  if (!member.brn?.trim() || !member.brnExpiresAt) return 'missing';
  const ends = new Date(member.brnExpiresAt).getTime();
  if (ends <= now.getTime()) return 'expired';
  return ends - now.getTime() <= days * 86_400_000 ? 'expiring' : 'valid';
}
