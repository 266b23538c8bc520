import { startFakeProvider, type FakeProvider } from './fake-http.js';

// Goyzer's ASMX service as recorded XML (docs/api.md 'Goyzer'; Goyzer publishes no documentation, these shapes follow
// public client code): POST /Company.asmx/{Method} with form fields, AccessCode and GroupCode checked (a SOAP-style
// 500 otherwise). SalesListings / RentListings page by PageIndex (an empty ArrayOfUnitDTO after the last page);
// GetUpdatedUnitsForSales / ForLease answer the units in `updated`; GetAgents the agents; ContactInsert2 records the
// contact and answers its id. Pictures are served from /images/{name} (a 1x1 PNG).

export const GOYZER_FAKE_CREDENTIALS = { accessCode: 'goyzer-access-0123456789', groupCode: 'GRP-1' };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface GoyzerFakeUnit {
  UnitID: string;
  RefNo: string;
  MarketingTitle: string;
  SellPrice?: string;
  Rent?: string;
  Bedrooms: string;
  NoOfBathrooms: string;
  BuiltupArea: string;
  CityName: string;
  Community: string;
  DistrictName: string;
  PropertyName: string;
  PermitNumber: string;
  SalesmanEmail: string;
  Remarks: string;
  images: string[];
}

export interface GoyzerFakeAgent {
  AgentID: string;
  AgentName: string;
  Email: string;
  Mobile: string;
  Designation: string;
  OfficeID: string;
  OfficeName: string;
}

export type GoyzerFake = FakeProvider & {
  sales: GoyzerFakeUnit[];
  rentals: GoyzerFakeUnit[];
  updated: GoyzerFakeUnit[];
  agents: GoyzerFakeAgent[];
  contacts: Record<string, string>[];
};

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const PAGE_SIZE = 2;

function unitXml(unit: GoyzerFakeUnit, base: string): string {
  const { images, ...fields } = unit;
  const body = Object.entries(fields)
    .map(([key, value]) => `<${key}>${esc(String(value))}</${key}>`)
    .join('');
  const pictures = images
    .map((name, i) => `<Image><ImageID>${i + 1}</ImageID><ImageURL>${base}/images/${name}</ImageURL></Image>`)
    .join('');
  return `<UnitDTO>${body}<Images>${pictures}</Images></UnitDTO>`;
}

const arrayOf = (tag: string, rows: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOf${tag} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://tempuri.org/">${rows.join('')}</ArrayOf${tag}>`;

export async function startGoyzerFake(): Promise<GoyzerFake> {
  const state = {
    sales: [] as GoyzerFakeUnit[],
    rentals: [] as GoyzerFakeUnit[],
    updated: [] as GoyzerFakeUnit[],
    agents: [] as GoyzerFakeAgent[],
    contacts: [] as Record<string, string>[],
  };
  let base = '';
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'GET' && url.pathname.startsWith('/images/')) {
      return { status: 200, bytes: PNG, contentType: 'image/png' };
    }
    const method = /^\/Company\.asmx\/(\w+)$/.exec(url.pathname)?.[1];
    if (request.method !== 'POST' || !method) return { status: 404, text: 'Not found', contentType: 'text/plain' };
    const form = Object.fromEntries(new URLSearchParams(request.body));
    if (form.AccessCode !== GOYZER_FAKE_CREDENTIALS.accessCode || form.GroupCode !== GOYZER_FAKE_CREDENTIALS.groupCode) {
      return { status: 500, text: 'System.Web.Services.Protocols.SoapException: Invalid Access Code', contentType: 'text/plain' };
    }
    const page = (units: GoyzerFakeUnit[]) => {
      const index = Number(form.PageIndex ?? '1');
      return units.slice((index - 1) * PAGE_SIZE, index * PAGE_SIZE).map((u) => unitXml(u, base));
    };
    switch (method) {
      case 'SalesListings':
        return { status: 200, text: arrayOf('UnitDTO', page(state.sales)) };
      case 'RentListings':
        return { status: 200, text: arrayOf('UnitDTO', page(state.rentals)) };
      case 'GetUpdatedUnitsForSales':
        return {
          status: 200,
          text: arrayOf(
            'UnitDTO',
            state.updated.filter((u) => u.SellPrice).map((u) => unitXml(u, base)),
          ),
        };
      case 'GetUpdatedUnitsForLease':
        return {
          status: 200,
          text: arrayOf(
            'UnitDTO',
            state.updated.filter((u) => u.Rent).map((u) => unitXml(u, base)),
          ),
        };
      case 'GetAgents':
        return {
          status: 200,
          text: arrayOf(
            'AgentDTO',
            state.agents.map(
              (a) =>
                `<AgentDTO>${Object.entries(a)
                  .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
                  .join('')}</AgentDTO>`,
            ),
          ),
        };
      case 'ContactInsert2': {
        state.contacts.push(form);
        return {
          status: 200,
          text: `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="http://tempuri.org/">${9000 + state.contacts.length}</string>`,
        };
      }
      default:
        return {
          status: 500,
          text: `System.InvalidOperationException: ${method} Web Service method name is not valid.`,
          contentType: 'text/plain',
        };
    }
  });
  base = fake.url;
  return Object.assign(fake, state);
}
