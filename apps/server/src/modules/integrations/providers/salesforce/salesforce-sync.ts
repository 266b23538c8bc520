import type { Prisma } from '../../../../generated/prisma/client.js';
import { storedConfig } from '../../integration-record.js';
import { pushIfChanged, saveRemoteState } from '../../sync/external-ref.js';
import type { SyncAdapter, SyncScope, SyncWork } from '../../sync/sync-work.js';
import { queryByExternalIds, salesforceSession, upsertRecord } from './salesforce-client.js';

// Salesforce's sync adapter (docs/api.md 'Salesforce'): our leads upserted as Salesforce Leads and our customers as
// Contacts, each by an external id field holding our record's id, then Salesforce's status and owner of each lead
// read back (SOQL) and kept on its reference. The config's field map renames any of our fields to a Salesforce field.

/** Our field -> Salesforce field, before the config's fieldMap overrides it. `externalId` names the upsert key. */
export const SALESFORCE_DEFAULT_FIELDS = {
  firstName: 'FirstName',
  lastName: 'LastName',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  leadSource: 'LeadSource',
  description: 'Description',
  externalId: 'CRM_External_Id__c',
} as const;
type OurField = keyof typeof SALESFORCE_DEFAULT_FIELDS;

/** A run without named records covers the most recently changed ones, this many. */
export const SALESFORCE_RUN_LIMIT = 1000;

function fieldNames(work: SyncWork): Record<OurField, string> {
  const map = storedConfig(work.row).fieldMap;
  const overrides = map && typeof map === 'object' && !Array.isArray(map) ? map : {};
  const names = { ...SALESFORCE_DEFAULT_FIELDS } as Record<OurField, string>;
  for (const key of Object.keys(names) as OurField[]) if (typeof overrides[key] === 'string') names[key] = overrides[key];
  return names;
}

function renamed(names: Record<OurField, string>, values: Partial<Record<OurField, string | null>>) {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values) as [OurField, string | null][]) out[names[key]] = value ?? null;
  return out;
}

const customerSelect = { id: true, firstName: true, lastName: true, fullName: true, email: true, phoneNumber: true } as const;

function scopeWhere(work: SyncWork, scope: SyncScope) {
  return { assetId: work.row.assetId, deletedAt: null, ...(scope.ids ? { id: { in: scope.ids } } : {}) };
}

async function syncLeads(work: SyncWork, scope: SyncScope) {
  const names = fieldNames(work);
  const config = storedConfig(work.row);
  const leads = await work.deps.db.lead.findMany({
    where: scopeWhere(work, scope),
    select: { id: true, source: true, remarks: true, inputSource: true, customer: { select: customerSelect } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: SALESFORCE_RUN_LIMIT,
  });
  await work.progress(0, leads.length);
  const session = leads.length ? await salesforceSession(work) : null;
  const pushed: string[] = [];
  for (const [i, lead] of leads.entries()) {
    if (!session || lead.inputSource === 'salesforce') {
      work.count('skipped');
    } else {
      const c = lead.customer;
      const fields = renamed(names, {
        firstName: c.firstName,
        // Salesforce requires LastName and Company on a Lead: the full name stands in for what the customer lacks.
        lastName: c.lastName || c.fullName,
        email: c.email,
        phone: c.phoneNumber,
        company: c.fullName,
        leadSource: typeof config.leadSource === 'string' ? config.leadSource : lead.source,
        description: lead.remarks,
      });
      await pushIfChanged(
        work,
        'lead',
        lead.id,
        fields,
        async () => (await upsertRecord(work, session, 'Lead', names.externalId, lead.id, fields)).id,
      );
      pushed.push(lead.id);
    }
    await work.progress(i + 1, leads.length);
  }
  if (!session || !pushed.length) return;
  // Status and owner as Salesforce has them now (a sales user may have worked the lead there).
  const records = await queryByExternalIds(
    work,
    session,
    'Lead',
    names.externalId,
    ['Id', 'Status', 'OwnerId', 'Owner.Name', 'Owner.Email'],
    pushed,
  );
  for (const record of records) {
    const ours = record[names.externalId];
    const owner = (record.Owner ?? null) as { Name?: unknown; Email?: unknown } | null;
    if (typeof ours !== 'string') continue;
    const remote: Prisma.InputJsonObject = {
      id: String(record.Id ?? ''),
      status: typeof record.Status === 'string' ? record.Status : null,
      ownerId: typeof record.OwnerId === 'string' ? record.OwnerId : null,
      ownerName: typeof owner?.Name === 'string' ? owner.Name : null,
      ownerEmail: typeof owner?.Email === 'string' ? owner.Email : null,
    };
    await saveRemoteState(work, 'lead', ours, remote);
  }
}

async function syncCustomers(work: SyncWork, scope: SyncScope) {
  const names = fieldNames(work);
  const config = storedConfig(work.row);
  const customers = await work.deps.db.customer.findMany({
    where: scopeWhere(work, scope),
    select: { ...customerSelect, inputSource: true },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: SALESFORCE_RUN_LIMIT,
  });
  await work.progress(0, customers.length);
  const session = customers.length ? await salesforceSession(work) : null;
  for (const [i, c] of customers.entries()) {
    if (!session || c.inputSource === 'salesforce') {
      work.count('skipped');
    } else {
      const fields = renamed(names, {
        firstName: c.firstName,
        lastName: c.lastName || c.fullName,
        email: c.email,
        phone: c.phoneNumber,
        ...(typeof config.leadSource === 'string' ? { leadSource: config.leadSource } : {}),
      });
      await pushIfChanged(
        work,
        'customer',
        c.id,
        fields,
        async () => (await upsertRecord(work, session, 'Contact', names.externalId, c.id, fields)).id,
      );
    }
    await work.progress(i + 1, customers.length);
  }
}

export const salesforceSync: SyncAdapter = { leads: syncLeads, customers: syncCustomers };
