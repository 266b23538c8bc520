import { toPhoneNumber } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { demoId, demoPhone, emailOf, UAE_PHONE_CODE, type DemoAssetKey, type DemoSlot } from '../../core/demo-data.js';
import type { DbTx } from '../../db/prisma.js';
import { patchRecord } from '../../resources/resource-write.service.js';
import type { ResourceDeps } from '../../resources/resource.types.js';
import { memberResource } from './member.resource.js';
import { DEMO_TEAMS, DEPARTMENTS, GROUPS } from './member.demo-data.js';

// The demo team of an asset (docs/api.md 'Demo data'): offices, departments, members and groups, written as rows
// with stable ids (nothing an engine rule decides: a member's response time is the lead engine's, on accept).
// The manager reports to nobody; every other member reports to the manager.

export interface DemoTeamContext {
  key: DemoAssetKey;
  index: number;
  assetId: string;
  companyId: string;
  now: Date;
  /** The demo logins' user ids, by their key ('manager', 'agent', ...). */
  users: ReadonlyMap<string, string>;
  /** The places a member covers: their listings' locations. */
  areasOf: (slot: DemoSlot) => string[];
}

/** Writes the asset's team; the members' ids by slot. */
export async function seedDemoTeam(tx: DbTx, ctx: DemoTeamContext): Promise<Map<DemoSlot, string>> {
  const team = DEMO_TEAMS[ctx.key];
  const key = (suffix: string) => demoId(`${ctx.key}:${suffix}`);
  const scoped = { companyId: ctx.companyId, assetId: ctx.assetId };
  const officeIds = team.offices.map((_, i) => key(`office:${i}`));
  await tx.office.createMany({ data: team.offices.map((name, i) => ({ ...scoped, id: officeIds[i], name })) });
  const departmentIds = DEPARTMENTS.map((_, i) => key(`department:${i}`));
  await tx.department.createMany({ data: DEPARTMENTS.map((name, i) => ({ ...scoped, id: departmentIds[i], name })) });

  const memberIds = new Map(team.members.map((member) => [member.slot, key(`member:${member.slot}`)]));
  const managerId = memberIds.get('manager') ?? '';
  const rows = team.members.map((member, i) => {
    const phone = demoPhone(ctx.index, 100 + i);
    return {
      ...scoped,
      id: memberIds.get(member.slot) ?? '',
      userId: member.user ? (ctx.users.get(member.user) ?? null) : null,
      name: member.name,
      officeId: officeIds[member.office] ?? null,
      officeName: team.offices[member.office] ?? null,
      designation: member.designation,
      email: member.user ? `${member.user}@example.com` : emailOf(member.name, `${ctx.key}.example.com`),
      phoneCode: UAE_PHONE_CODE,
      phone,
      phoneNumber: toPhoneNumber(UAE_PHONE_CODE, phone),
      whatsappNumber: toPhoneNumber(UAE_PHONE_CODE, phone),
      inputSource: 'CRM',
      // The 'disabled' member starts in routing and leaves it later (seedDemoDeparture), as a member who left.
      enabled: true,
      isLeadProcessEnabled: member.slot !== 'manager',
      isTest: member.slot === 'test',
      leadWeight: member.leadWeight ?? 1,
      type: member.slot === 'manager' ? 'Manager' : 'Agent',
      departmentId: departmentIds[member.department] ?? null,
      reportedToId: member.slot === 'manager' ? null : managerId,
      areas: ctx.areasOf(member.slot),
      showContactInfo: member.slot !== 'test',
      dataSourceCreatedAt: new Date(ctx.now.getTime() - (400 + i) * 86_400_000),
    };
  });
  await tx.teamMember.createMany({ data: rows.filter((row) => row.reportedToId === null) });
  await tx.teamMember.createMany({ data: rows.filter((row) => row.reportedToId !== null) });
  for (const [i, name] of GROUPS.entries()) {
    const members = team.members.filter((member) => member.groups.includes(i)).map((member) => ({ id: memberIds.get(member.slot) ?? '' }));
    await tx.group.create({ data: { ...scoped, id: key(`group:${i}`), name, members: { connect: members } } });
  }
  return memberIds;
}

/** The demo member who left: switched off this many days before `now`, after their last lead closed. */
export const DEMO_DEPARTURE = { slot: 'disabled' as DemoSlot, daysBeforeNow: 100 };

/**
 * The member leaves routing through the member resource, at the services' clock: disabled, lead processing off, and
 * their open unaccepted leads go to the next member (member-routing.service.ts).
 */
export async function seedDemoDeparture(deps: ResourceDeps, actor: Actor, memberId: string): Promise<void> {
  await patchRecord({ deps, actor }, memberResource, memberId, { enabled: false, isLeadProcessEnabled: false });
}
