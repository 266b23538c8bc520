import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase } from '../../resources/activity-routes.kit.js';
import { one } from '../../resources/activity-routes.shared.js';

// Test-only: the activity route table's cases of the team members' own calls beside the generic ones (bulk update, login links, passwords, WhatsApp), for
// resources/activity-log-routes.test.ts.

export const MEMBER_CASES: Readonly<Record<string, RouteCase>> = {
  'members.bulkUpdate': async (kit) => {
    const department = (await kit.admin.post('teams/departments', { name: `Bulk ${uniqueSuffix()}` })).json().data._id as string;
    const [a, b, same] = [await kit.create('members'), await kit.create('members'), await kit.create('members', { department })];
    // One row per member the call changed: the third is in that department already.
    return {
      send: () => kit.admin.patch('teams/members/bulk-update', { ids: [a, b, same], changes: { department } }),
      rows: () => [a, b].map((id) => ({ subjectType: 'members', subjectId: id, action: 'update' as const })),
    };
  },
  'members.createLoginUrl': async (kit) => {
    const member = kit.leads.agents[0].member.id;
    return { send: () => kit.leadsAdmin.post('teams/members/login-url', { member }), rows: one('members', member) };
  },
  'members.revokeLoginUrl': async (kit) => {
    const member = kit.leads.agents[1].member.id;
    await kit.leadsAdmin.post('teams/members/login-url', { member });
    return { send: () => kit.leadsAdmin.delete(`teams/members/${member}/login-url`), rows: one('members', member) };
  },
  'members.updatePassword': async (kit) => {
    const member = kit.leads.agents[2].member.id;
    return {
      send: () => kit.leadsAdmin.patch(`teams/members/${member}/update-password`, { password: 'N3w-Passw0rd!' }),
      rows: one('members', member),
    };
  },
  'members.updateWhatsappConfig': async (kit) => {
    const id = await kit.create('members');
    const body = { enabled: true, whatsappCode: '+971', whatsappNumber: '501234567', greeting: 'Hello' };
    return { send: () => kit.admin.patch(`teams/members/whatsapp-config/${id}`, body), rows: one('members', id) };
  },
};
