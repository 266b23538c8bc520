import { createHash } from 'node:crypto';
import { splitPartnerPhone } from '@crm/domain';
import { recordActivity } from '../../../../resources/activity-log.js';
import { pullCrmMembers, type CrmAgent } from '../../sync/crm-members.js';
import { pushIfChanged } from '../../sync/external-ref.js';
import type { SyncAdapter, SyncScope, SyncWork } from '../../sync/sync-work.js';
import { callGoyzer, goyzerDocument, goyzerRows, num, text, type GoyzerRecord } from './goyzer-client.js';
import { storeListingImages } from './goyzer-images.js';

// Goyzer's sync adapter (docs/api.md 'Goyzer'): listings pulled (SalesListings and RentListings, page by page; after
// the first full pull only the units changed since, GetUpdatedUnitsForSales/ForLease) with their pictures copied into
// Storage, upserted by (asset, inputSource 'goyzer', unit id); agents pulled as team members (GetAgents); our leads
// pushed as Goyzer contacts (ContactInsert2), each once per change.

const MAX_PAGES = 50;
const LEAD_RUN_LIMIT = 500;

export function goyzerAgent(record: GoyzerRecord): CrmAgent | null {
  const id = text(record.AgentID) ?? text(record.UserID);
  const name = text(record.AgentName) ?? text(record.Name);
  if (!id || !name) return null;
  return {
    sourceDataId: id,
    name,
    email: text(record.Email),
    phone: text(record.Mobile) ?? text(record.Phone),
    designation: text(record.Designation),
    officeId: text(record.OfficeID),
    officeName: text(record.OfficeName),
    photoUrl: text(record.PhotoURL),
  };
}

export async function goyzerAgents(work: SyncWork): Promise<CrmAgent[]> {
  return goyzerRows(await callGoyzer(work, 'GetAgents'), 'AgentDTO').flatMap((r) => goyzerAgent(r) ?? []);
}

async function pullMembers(work: SyncWork, scope: SyncScope) {
  await pullCrmMembers(work, scope, await goyzerAgents(work));
}

const imageUrls = (unit: GoyzerRecord): string[] => {
  const images = unit.Images as { Image?: unknown[] } | undefined;
  return (images?.Image ?? []).flatMap((image) => {
    const url = typeof image === 'object' && image ? text((image as GoyzerRecord).ImageURL) : text(image);
    return url ? [url] : [];
  });
};

async function units(work: SyncWork, purpose: 'Sale' | 'Rent', since: string | null): Promise<GoyzerRecord[]> {
  if (since) {
    const method = purpose === 'Sale' ? 'GetUpdatedUnitsForSales' : 'GetUpdatedUnitsForLease';
    return goyzerRows(await callGoyzer(work, method, { StartDate: since }), 'UnitDTO');
  }
  const method = purpose === 'Sale' ? 'SalesListings' : 'RentListings';
  const all: GoyzerRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const rows = goyzerRows(await callGoyzer(work, method, { PageIndex: String(page) }), 'UnitDTO');
    all.push(...rows);
    if (!rows.length) break;
  }
  return all;
}

async function upsertListing(work: SyncWork, unit: GoyzerRecord, purpose: 'Sale' | 'Rent', onlyIds?: readonly string[]) {
  const { deps, row } = work;
  const unitId = text(unit.UnitID) ?? text(unit.RefNo);
  const reference = text(unit.RefNo) ?? unitId;
  if (!unitId || !reference) return work.count('skipped');
  const key = { assetId: row.assetId, inputSource: 'goyzer', sourceDataId: unitId };
  const existing = await deps.db.listing.findFirst({ where: key });
  if (onlyIds && (!existing || !onlyIds.includes(existing.id))) return work.count('skipped');
  const [lng, lat] = (text(unit.ProGooglecoordinates) ?? '').split(',').map((v) => Number(v.trim()));
  const agentEmail = text(unit.SalesmanEmail);
  const agent = agentEmail
    ? await deps.db.teamMember.findFirst({
        where: { assetId: row.assetId, deletedAt: null, email: { equals: agentEmail, mode: 'insensitive' } },
        select: { id: true },
      })
    : null;
  const urls = imageUrls(unit);
  const imagesHash = createHash('sha256').update(urls.join('\n')).digest('hex');
  const fields = {
    reference,
    title: text(unit.MarketingTitle),
    description: text(unit.Remarks),
    leadType: purpose,
    unitType: text(unit.Category),
    price: num(purpose === 'Sale' ? unit.SellPrice : (unit.Rent ?? unit.RentPerMonth)),
    bedrooms: num(unit.Bedrooms),
    bathrooms: num(unit.NoOfBathrooms),
    size: num(unit.BuiltupArea),
    country: text(unit.CountryName),
    city: text(unit.CityName),
    community: text(unit.Community),
    location: text(unit.DistrictName),
    building: text(unit.PropertyName),
    permitNumber: text(unit.PermitNumber),
    ...(Number.isFinite(lat) && Number.isFinite(lng) ? { latitude: lat, longitude: lng } : {}),
    ...(agent ? { agentId: agent.id } : {}),
  };
  // Pictures are copied once per change of their list (the hash kept in customFields' provider stamp).
  const stamp = (existing?.customFields as Record<string, unknown> | null)?.goyzerImages;
  const images = stamp === imagesHash && existing ? undefined : await storeListingImages(work, reference, urls);
  const taken = await deps.db.listing.findFirst({
    where: { assetId: row.assetId, reference, NOT: { id: existing?.id } },
    select: { id: true },
  });
  if (taken) return work.count('skipped'); // Our own listing already has this reference: never overwritten by a pull.
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const customFields = { ...((existing?.customFields as object | null) ?? {}), goyzerImages: imagesHash };
    const data = {
      ...fields,
      customFields,
      ...(images ? { images, coverUrl: images[0]?.url ?? null, coverId: images[0]?.file ?? null } : {}),
    };
    const entry = { userId: null, companyId: existing?.companyId ?? '', assetId: row.assetId, subjectType: 'listings' };
    if (existing) {
      const after = await tx.listing.update({ where: { id: existing.id }, data });
      await recordActivity(tx, [{ ...entry, action: 'update', subjectId: existing.id, before: existing, after }], now);
      work.count('updated');
    } else {
      const { companyId } = await tx.asset.findUniqueOrThrow({ where: { id: row.assetId }, select: { companyId: true } });
      const created = await tx.listing.create({ data: { ...data, ...key, companyId } });
      await recordActivity(tx, [{ ...entry, companyId, action: 'create', subjectId: created.id, after: created }], now);
      work.count('created');
    }
  });
}

async function pullListings(work: SyncWork, scope: SyncScope) {
  const { deps, row } = work;
  // A run for named listings, or the first run, reads everything; later runs only what changed since the last one.
  const since = scope.ids ? null : row.pollCursor;
  const started = deps.clock.now().toISOString().slice(0, 10);
  const all = [
    ...(await units(work, 'Sale', since)).map((u) => [u, 'Sale'] as const),
    ...(await units(work, 'Rent', since)).map((u) => [u, 'Rent'] as const),
  ];
  await work.progress(0, all.length);
  for (const [i, [unit, purpose]] of all.entries()) {
    await upsertListing(work, unit, purpose, scope.ids);
    await work.progress(i + 1, all.length);
  }
  if (!scope.ids) await deps.db.integrationConfig.update({ where: { id: row.id }, data: { pollCursor: started } });
}

/** A phone as Goyzer's three fields (country code, area code, number), UAE numbers without their code too. */
export function goyzerPhone(phone: string | null): { MobileCountryCode: string; MobileAreaCode: string; MobilePhone: string } {
  const parsed = phone ? splitPartnerPhone(phone) : null;
  if (!parsed) return { MobileCountryCode: '', MobileAreaCode: '', MobilePhone: phone ?? '' };
  return { MobileCountryCode: parsed.phoneCode.slice(1), MobileAreaCode: parsed.phone.slice(0, 2), MobilePhone: parsed.phone.slice(2) };
}

async function pushLeads(work: SyncWork, scope: SyncScope) {
  const leads = await work.deps.db.lead.findMany({
    where: { assetId: work.row.assetId, deletedAt: null, ...(scope.ids ? { id: { in: scope.ids } } : {}) },
    select: {
      id: true,
      remarks: true,
      inputSource: true,
      minBedrooms: true,
      minPrice: true,
      maxPrice: true,
      customer: { select: { firstName: true, lastName: true, fullName: true, email: true, phoneNumber: true } },
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: LEAD_RUN_LIMIT,
  });
  await work.progress(0, leads.length);
  for (const [i, lead] of leads.entries()) {
    if (lead.inputSource === 'goyzer') {
      work.count('skipped');
    } else {
      const c = lead.customer;
      const form = {
        FirstName: c.firstName,
        FamilyName: c.lastName ?? '',
        ...goyzerPhone(c.phoneNumber),
        Email: c.email ?? '',
        Remarks: lead.remarks ?? '',
        Bedroom: lead.minBedrooms === null ? '' : String(lead.minBedrooms),
        Budget: lead.minPrice === null ? '' : String(lead.minPrice),
        Budget2: lead.maxPrice === null ? '' : String(lead.maxPrice),
      };
      await pushIfChanged(work, 'lead', lead.id, form, async () => {
        const doc = goyzerDocument(await callGoyzer(work, 'ContactInsert2', form));
        // The new contact's id: a bare <string>/<int>, or a <ContactID> inside the answer.
        const id = JSON.stringify(doc).match(/"(?:ContactID|ContactId|int|string)":"?(\d+)/)?.[1];
        return id ?? null;
      });
    }
    await work.progress(i + 1, leads.length);
  }
}

export const goyzerSync: SyncAdapter = { listings: pullListings, members: pullMembers, leads: pushLeads };
