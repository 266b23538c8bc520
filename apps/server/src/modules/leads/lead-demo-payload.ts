import { LEAD_ACTION, LeadPayloadSchema, type CustomerType, type LeadPayload, type LeadPayloadInput } from '@crm/domain';
import type { LeadSourceKey } from './lead-source-key.js';
import type { DemoSlot, ListingFixture, ProjectFixture } from '../../core/demo-data.js';
import { DEMO_SOURCES, type LeadScenario } from './lead-demo-scenarios.js';

// What the demo seed sends the lead engine for one scenario: the form's payload, as the lead form or a portal would.

export type DemoLeadListing = ListingFixture & { id: string };
export type DemoLeadProject = ProjectFixture & { id: string };

/** One asset's demo data the leads refer to, by their places in the asset's demo lists. */
export interface DemoLeadWorld {
  assetKey: string;
  assetId: string;
  members: ReadonlyMap<DemoSlot, string>;
  listings: readonly DemoLeadListing[];
  projects: readonly DemoLeadProject[];
  customers: readonly { id: string; type: CustomerType }[];
  generalLocation: string;
}

export function memberOfSlot(world: DemoLeadWorld, slot: DemoSlot): string {
  const id = world.members.get(slot);
  if (!id) throw new Error(`demo lead: no member in slot ${slot}`);
  return id;
}

function itemFields(scenario: LeadScenario, world: DemoLeadWorld): Partial<LeadPayloadInput> {
  if (scenario.kind === 'listing') {
    const listing = world.listings[scenario.item ?? 0];
    if (!listing) throw new Error(`demo lead: no listing ${scenario.item}`);
    return {
      listing: listing.id,
      leadType: listing.leadType,
      contactType: listing.leadType === 'Rent' ? 'Tenant' : 'Buyer',
      unitType: listing.unitType,
      location: listing.location,
      subLocation: listing.subLocation,
      community: listing.community,
      minBedrooms: listing.bedrooms,
      maxBedrooms: listing.bedrooms,
      minBathrooms: listing.bathrooms,
      maxBathrooms: listing.bathrooms,
      minPrice: Math.round(listing.price * 0.9),
      maxPrice: listing.price,
      amenities: listing.amenities,
    };
  }
  if (scenario.kind === 'offplan') {
    const project = world.projects[scenario.item ?? 0];
    if (!project) throw new Error(`demo lead: no project ${scenario.item}`);
    return {
      campaignName: project.id,
      leadType: 'Sale',
      contactType: 'Buyer',
      unitType: project.unitTypes[0] ?? null,
      location: project.location,
      minBedrooms: Math.min(...project.bedrooms),
      maxBedrooms: Math.max(...project.bedrooms),
      minPrice: project.minPrice,
      maxPrice: project.maxPrice,
      amenities: project.amenities,
    };
  }
  const contactType = scenario.contactType ?? 'Buyer';
  const rent = contactType === 'Tenant' || contactType === 'Landlord';
  return {
    contactType,
    leadType: rent ? 'Rent' : 'Sale',
    unitType: 'Apartment',
    location: world.generalLocation,
    minBedrooms: 1,
    maxBedrooms: 3,
    minBathrooms: 1,
    maxBathrooms: 3,
    minPrice: rent ? 80_000 : 1_200_000,
    maxPrice: rent ? 160_000 : 3_000_000,
    amenities: ['Balcony', 'Covered Parking'],
  };
}

/** The scenario's create payload and, for a lead from a portal or a partner, its key there. */
export function demoLeadPayload(
  scenario: LeadScenario,
  index: number,
  world: DemoLeadWorld,
): { payload: LeadPayload; sourceKey: LeadSourceKey | null } {
  const customer = world.customers[scenario.customer];
  if (!customer) throw new Error(`demo lead: no customer ${scenario.customer}`);
  const source = DEMO_SOURCES[scenario.source];
  if (!source) throw new Error(`demo lead: unknown source ${scenario.source}`);
  const agent = memberOfSlot(world, scenario.agent);
  const fields = itemFields(scenario, world);
  const payload = LeadPayloadSchema.parse({
    ...fields,
    customer: customer.id,
    type: scenario.kind,
    contactType: fields.contactType ?? 'Buyer',
    source: scenario.source,
    referredBy: agent,
    agent,
    // A general lead is assigned by hand (the form forces it): no SLA.
    isManualAssignment: scenario.kind === 'general',
    enquiryMethod: source.enquiry,
    contactMethod: customer.type === 'External Agent' ? 'External Agent' : source.contact,
    action: LEAD_ACTION.REQUIRES_CALL_FROM_AGENT,
    rating: scenario.rating ?? 'Warm',
    remarks: scenario.parent === undefined ? `Enquiry via ${scenario.source}.` : 'Returning customer with another enquiry.',
    utm: source.utm
      ? {
          id: `utm-${index}`,
          source: scenario.source.toLowerCase().replace(/\s+/g, '-'),
          medium: source.channel === 'Organic' ? 'organic' : 'cpc',
          campaign: 'dubai-homes-2026',
        }
      : null,
  } satisfies LeadPayloadInput);
  const sourceKey =
    source.input === 'CRM'
      ? null
      : {
          inputSource: source.input,
          sourceDataId: `${world.assetKey.toUpperCase()}-${source.input.replace(/\s+/g, '').toUpperCase()}-${1000 + index}`,
        };
  return { payload, sourceKey };
}
