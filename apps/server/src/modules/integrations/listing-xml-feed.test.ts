import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { FeedListing } from './listing-feed-query.js';
import { feedDocument } from './listing-xml-feed.js';

// The feed's XML is written as text: whatever a listing holds (markup, `]]>`, quotes, Arabic, emoji, control
// characters pasted from elsewhere), the document parses and gives back the listing's own text.

const tricky = {
  title: 'Sea <view> & "pool" ]]> here',
  titleAr: 'شقة مطلة على البحر 🌊',
  description: 'Line one\nline two\u0007 with a bell and a tab\t',
  building: 'Tower ]]]]> & <B>',
};

function listing(overrides: Partial<FeedListing> = {}): FeedListing {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    reference: 'REF-<1>&',
    title: tricky.title,
    titleAr: tricky.titleAr,
    description: tricky.description,
    descriptionAr: null,
    leadType: 'Rent',
    rentFrequency: 'Monthly',
    unitType: 'Apartment',
    completionStatus: 'Off-Plan',
    furnishing: 'Semi-Furnished',
    price: 125000 as unknown as FeedListing['price'],
    size: 950,
    bedrooms: 2,
    bathrooms: 3,
    parking: 1,
    city: 'Dubai',
    community: 'Dubai Marina',
    subCommunity: null,
    location: null,
    subLocation: null,
    building: tricky.building,
    latitude: 25.08,
    longitude: 55.14,
    amenities: ['Pool', 'Gym & Spa'],
    images: [{ url: 'https://cdn.example.com/1.jpg?a=1&b=2' }, { url: 'https://cdn.example.com/2.jpg' }],
    floorPlans: [],
    permitNumber: '7110001',
    permitExpiresAt: new Date('2027-01-01T00:00:00Z'),
    portals: ['Bayut'],
    updatedAt: new Date('2026-11-01T10:00:00Z'),
    agent: { name: 'Aisha "A" Khan', email: 'aisha@example.com', phone: '+971501234567' },
    ...overrides,
  } as FeedListing;
}

async function documentOf(format: 'bayut-xml' | 'pf-xml', pages: FeedListing[][]): Promise<string> {
  async function* each() {
    yield* pages;
  }
  let out = '';
  for await (const chunk of feedDocument(format, each(), ['Bayut'], new Date('2026-11-28T00:00:00Z'))) out += chunk;
  return out;
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false, cdataPropName: false });

describe('the XML feed written as text', () => {
  it('parses back to the listing, whatever its text holds (Bayut)', async () => {
    const xml = await documentOf('bayut-xml', [[listing()], [listing({ reference: 'REF-2', agent: null })]]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Properties><Property>')).toBe(true);
    const properties = parser.parse(xml).Properties.Property as Record<string, unknown>[];
    expect(properties).toHaveLength(2);
    const [first] = properties;
    expect(first).toMatchObject({
      Property_Ref_No: 'REF-<1>&',
      Property_Title: tricky.title,
      Property_Title_AR: tricky.titleAr,
      // The bell (no XML 1.0 character) is dropped; the tab and the line break are kept.
      Property_Description: 'Line one\nline two with a bell and a tab\t',
      Tower_Name: tricky.building,
      Property_purpose: 'Rent',
      Rent_Frequency: 'Monthly',
      Furnished: 'Partly',
      Off_plan: 'Yes',
      Price: '125000',
      Listing_Agent: 'Aisha "A" Khan',
      Features: { Feature: ['Pool', 'Gym & Spa'] },
      Images: { Image: ['https://cdn.example.com/1.jpg?a=1&b=2', 'https://cdn.example.com/2.jpg'] },
      Portals: { Portal: 'Bayut' },
      Last_Updated: '2026-11-01T10:00:00.000Z',
    });
    expect(properties[1]).not.toHaveProperty('Listing_Agent');
    expect(first).not.toHaveProperty('Floor_Plans');
  });

  it('writes Property Finder attributes escaped and its nested elements', async () => {
    const xml = await documentOf('pf-xml', [[listing()]]);
    const root = parser.parse(xml).list as Record<string, unknown>;
    expect(root['@_last_update']).toBe('2026-11-28T00:00:00.000Z');
    expect(root.property).toMatchObject({
      '@_last_update': '2026-11-01T10:00:00.000Z',
      reference_number: 'REF-<1>&',
      offering_type: 'RR',
      rental_period: 'M',
      title_en: tricky.title,
      photo: { url: ['https://cdn.example.com/1.jpg?a=1&b=2', 'https://cdn.example.com/2.jpg'] },
      geopoints: '55.14,25.08',
      agent: { name: 'Aisha "A" Khan', email: 'aisha@example.com' },
    });
  });

  it('is a well-formed empty document when no listing qualifies', async () => {
    expect(await documentOf('bayut-xml', [])).toBe('<?xml version="1.0" encoding="UTF-8"?><Properties></Properties>');
  });
});
