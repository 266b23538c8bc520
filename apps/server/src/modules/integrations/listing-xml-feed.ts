import type { ListingMedia } from '@crm/domain';
import type { FeedFormat } from './feed-token.js';
import type { FeedListing } from './listing-feed-query.js';

// The feed documents, written as the portals name their elements: Bayut/dubizzle `<Properties><Property>` with
// `Property_Ref_No`, `Permit_Number`, `Images`, `Portals`...; Property Finder `<list><property>` with snake_case
// tags. Written as text, one page of listings at a time: an XML builder made ten objects per element, and a feed of
// 100,000 listings (~110 MB) spent most of its time and memory on them (docs/scaling.md 'Listing feeds').

type Listing = FeedListing;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const urls = (media: unknown): string[] =>
  Array.isArray(media) ? (media as ListingMedia[]).flatMap((m) => (m && typeof m.url === 'string' ? [m.url] : [])) : [];
const RENT_CODES: Record<string, string> = { Yearly: 'Y', Monthly: 'M', Weekly: 'W', Daily: 'D' };
const BAYUT_FURNISHED: Record<string, string> = { Furnished: 'Yes', 'Semi-Furnished': 'Partly', Unfurnished: 'No' };

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates): dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escaped = (value: string) => value.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
/** CDATA, with any `]]>` in the text split across two sections. */
const cdata = (value: string) => `<![CDATA[${value.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** One page of the document: elements appended as text parts, joined once. Names are ours, never input. */
class XmlText {
  private readonly parts: string[] = [];
  private readonly open: string[] = [];

  ele(name: string, attributes: Record<string, string> = {}) {
    let tag = `<${name}`;
    for (const [key, value] of Object.entries(attributes)) tag += ` ${key}="${escaped(value)}"`;
    this.parts.push(`${tag}>`);
    this.open.push(name);
    return this;
  }

  up() {
    this.parts.push(`</${this.open.pop()}>`);
    return this;
  }

  /** A leaf element: text in CDATA (free text may hold markup), skipped when empty. */
  leaf(name: string, value: unknown, inCdata = false) {
    const content = text(value);
    if (content) this.parts.push(`<${name}>${inCdata ? cdata(content) : escaped(content)}</${name}>`);
  }

  list(name: string, item: string, values: string[]) {
    if (!values.length) return;
    this.ele(name);
    for (const value of values) this.leaf(item, value);
    this.up();
  }

  /** The text written since the last take. */
  take(): string {
    const chunk = this.parts.join('');
    this.parts.length = 0;
    return chunk;
  }
}
const leaf = (xml: XmlText, name: string, value: unknown, inCdata = false) => xml.leaf(name, value, inCdata);
const list = (xml: XmlText, name: string, item: string, values: string[]) => xml.list(name, item, values);

function bayutProperty(xml: XmlText, l: Listing, portals: string[]) {
  xml.ele('Property');
  leaf(xml, 'Property_Ref_No', l.reference, true);
  leaf(xml, 'Permit_Number', l.permitNumber, true);
  leaf(xml, 'Property_Status', 'live');
  leaf(xml, 'Property_purpose', l.leadType === 'Rent' ? 'Rent' : 'Buy');
  leaf(xml, 'Property_Type', l.unitType, true);
  leaf(xml, 'Property_Size', l.size);
  if (l.size !== null) leaf(xml, 'Property_Size_Unit', 'SQFT');
  leaf(xml, 'Bedrooms', l.bedrooms);
  leaf(xml, 'Bathrooms', l.bathrooms);
  leaf(xml, 'Price', l.price);
  if (l.leadType === 'Rent') leaf(xml, 'Rent_Frequency', l.rentFrequency);
  leaf(xml, 'Off_plan', l.completionStatus === 'Off-Plan' ? 'Yes' : 'No');
  leaf(xml, 'Furnished', l.furnishing ? BAYUT_FURNISHED[l.furnishing] : '');
  leaf(xml, 'City', l.city, true);
  leaf(xml, 'Locality', l.community ?? l.location, true);
  leaf(xml, 'Sub_Locality', l.subCommunity ?? l.subLocation, true);
  leaf(xml, 'Tower_Name', l.building, true);
  leaf(xml, 'Property_Title', l.title, true);
  leaf(xml, 'Property_Title_AR', l.titleAr, true);
  leaf(xml, 'Property_Description', l.description, true);
  leaf(xml, 'Property_Description_AR', l.descriptionAr, true);
  list(xml, 'Features', 'Feature', l.amenities);
  list(xml, 'Images', 'Image', urls(l.images));
  list(xml, 'Floor_Plans', 'Floor_Plan', urls(l.floorPlans));
  leaf(xml, 'Latitude', l.latitude);
  leaf(xml, 'Longitude', l.longitude);
  leaf(xml, 'Listing_Agent', l.agent?.name, true);
  leaf(xml, 'Listing_Agent_Email', l.agent?.email);
  leaf(xml, 'Listing_Agent_Phone', l.agent?.phone);
  list(xml, 'Portals', 'Portal', portals);
  leaf(xml, 'Last_Updated', l.updatedAt.toISOString());
  xml.up();
}

function pfProperty(xml: XmlText, l: Listing) {
  xml.ele('property', { last_update: l.updatedAt.toISOString() });
  leaf(xml, 'reference_number', l.reference, true);
  leaf(xml, 'permit_number', l.permitNumber, true);
  leaf(xml, 'offering_type', l.leadType === 'Rent' ? 'RR' : 'RS');
  leaf(xml, 'property_type', l.unitType, true);
  leaf(xml, 'price', l.price);
  if (l.leadType === 'Rent') leaf(xml, 'rental_period', l.rentFrequency ? RENT_CODES[l.rentFrequency] : 'Y');
  leaf(xml, 'city', l.city, true);
  leaf(xml, 'community', l.community ?? l.location, true);
  leaf(xml, 'sub_community', l.subCommunity ?? l.subLocation, true);
  leaf(xml, 'property_name', l.building, true);
  leaf(xml, 'title_en', l.title, true);
  leaf(xml, 'title_ar', l.titleAr, true);
  leaf(xml, 'description_en', l.description, true);
  leaf(xml, 'description_ar', l.descriptionAr, true);
  leaf(xml, 'size', l.size);
  leaf(xml, 'bedroom', l.bedrooms);
  leaf(xml, 'bathroom', l.bathrooms);
  leaf(xml, 'parking', l.parking);
  leaf(xml, 'furnished', l.furnishing === 'Furnished' ? 'Yes' : l.furnishing === 'Semi-Furnished' ? 'Partly' : l.furnishing ? 'No' : '');
  leaf(xml, 'completion_status', l.completionStatus === 'Off-Plan' ? 'off_plan' : l.completionStatus ? 'completed' : '');
  leaf(xml, 'private_amenities', l.amenities.join(','));
  const photos = urls(l.images);
  if (photos.length) {
    xml.ele('photo');
    for (const url of photos) leaf(xml, 'url', url);
    xml.up();
  }
  if (l.latitude !== null && l.longitude !== null) leaf(xml, 'geopoints', `${l.longitude},${l.latitude}`);
  if (l.agent) {
    xml.ele('agent');
    leaf(xml, 'name', l.agent.name, true);
    leaf(xml, 'email', l.agent.email);
    leaf(xml, 'phone', l.agent.phone);
    xml.up();
  }
  xml.up();
}

/** The JSON partners read: one array of plain listings, the same facts as the XML. */
function jsonListing(l: Listing) {
  const { images, floorPlans, price, updatedAt, permitExpiresAt, portals: _portals, id: _id, ...rest } = l;
  return {
    ...rest,
    price: price === null ? null : Number(price),
    images: urls(images),
    floorPlans: urls(floorPlans),
    permitExpiresAt: permitExpiresAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
  };
}

/** The whole document as text chunks, one per page of listings (the caller's stream pulls them one by one). */
export async function* feedDocument(format: FeedFormat, pages: AsyncIterable<Listing[]>, portals: string[], now: Date) {
  if (format === 'json') {
    yield '[';
    let first = true;
    for await (const page of pages) {
      const body = page.map((l) => JSON.stringify(jsonListing(l))).join(',');
      yield first ? body : `,${body}`;
      first = false;
    }
    yield ']';
    return;
  }
  const xml = new XmlText();
  const root = format === 'pf-xml' ? xml.ele('list', { last_update: now.toISOString() }) : xml.ele('Properties');
  yield `<?xml version="1.0" encoding="UTF-8"?>${root.take()}`;
  for await (const page of pages) {
    for (const listing of page) {
      if (format === 'pf-xml') pfProperty(xml, listing);
      else bayutProperty(xml, listing, portals);
    }
    yield xml.take();
  }
  yield xml.up().take();
}
