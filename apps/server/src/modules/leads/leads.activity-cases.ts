import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import { newLead, one } from '../../resources/activity-routes.shared.js';
import { applyDueClockStep } from './lead-sla.service.js';
import { leadPayload } from './lead-test-kit.js';

// Test-only: the activity route table's cases of the lead engine's calls (create, update, stage, accept, claim, custom fields), on the lead world, for
// resources/activity-log-routes.test.ts.

const leadCall = (kit: RouteKit, method: 'POST' | 'PATCH', path: string, headers: { authorization: string }, payload?: object) =>
  kit.ctx.app.inject({ method, url: `/api/properties/leads/${path}`, headers, ...(payload ? { payload } : {}) });

export const LEAD_CASES: Readonly<Record<string, RouteCase>> = {
  'leads.create': async (kit) => {
    const payload = leadPayload(kit.leads, (await kit.leads.customer()).id);
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'POST', 'create', headers, payload),
      rows: (res) => [{ subjectType: 'leads', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'leads.update': async (kit) => {
    const lead = await newLead(kit);
    const { stage: _s, status: _t, ...form } = leadPayload(kit.leads, lead.customer._id, { remarks: 'Call after 6pm' });
    const headers = await kit.leads.manager.headers();
    return { send: () => leadCall(kit, 'PATCH', `cms/${lead._id}`, headers, form), rows: one('leads', lead._id) };
  },
  'leads.changeStage': async (kit) => {
    const lead = await newLead(kit);
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'PATCH', `stage/${lead._id}`, headers, { stage: 'Qualified', status: 'Open' }),
      rows: one('leads', lead._id),
    };
  },
  'leads.accept': async (kit) => {
    const lead = await newLead(kit);
    const headers = await kit.leads.agents[0].headers();
    return { send: () => leadCall(kit, 'POST', `accept/${lead._id}`, headers), rows: one('leads', lead._id) };
  },
  'leads.claim': async (kit) => {
    const lead = await newLead(kit);
    // Its initial SLA ended and the clock moved it into the pool (the clock's own row, before the call).
    await kit.ctx.db.lead.update({ where: { id: lead._id }, data: { initialSlaEndDate: new Date(Date.now() - 60_000) } });
    await kit.ctx.db.$transaction((tx) => applyDueClockStep(tx, lead._id, new Date()));
    const headers = await kit.leads.agents[1].headers();
    return { send: () => leadCall(kit, 'POST', `pool/${lead._id}/claim`, headers), rows: one('leads', lead._id) };
  },
  'leads.setCustomFields': async (kit) => {
    const lead = await newLead(kit);
    const key = `source_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.leads.company.id, assetId: kit.leads.asset.id, kind: 'lead', key, label: 'Source', type: 'text' },
    });
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'PATCH', `custom-fields/${lead._id}`, headers, { customFields: { [key]: 'Referral' } }),
      rows: one('leads', lead._id),
    };
  },
};
