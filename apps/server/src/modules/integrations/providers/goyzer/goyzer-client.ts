import { XMLParser } from 'fast-xml-parser';
import { openSecrets, storedConfig } from '../../integration-record.js';
import type { IntegrationConfig } from '@crm/domain';
import type { SecretValues } from '../../../../core/secret-box.js';
import { ProviderCallError, type ProviderCall } from '../../provider-call.js';
import type { SyncWork } from '../../sync/sync-work.js';

// Goyzer's ASMX web service (docs/api.md 'Goyzer'): `POST {base}/Company.asmx/{Method}`, form fields in (AccessCode,
// GroupCode and the method's own), XML out. Goyzer publishes no API documentation: the method and field names follow
// public client code (SalesListings, RentListings, GetUpdatedUnitsForSales/ForLease, GetAgents, ContactInsert2) and
// must be confirmed with Goyzer; the answers are parsed with fast-xml-parser into plain records of strings.

export type GoyzerRecord = Record<string, unknown>;

const LIST_TAGS = new Set(['UnitDTO', 'AgentDTO', 'Image']);
const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => LIST_TAGS.has(name) });

/** The rows of an ASMX list answer: `<ArrayOfX><X>...</X>...</ArrayOfX>`, whatever X is called. */
export function goyzerRows(xml: string, rowTag: string): GoyzerRecord[] {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new ProviderCallError('Goyzer answered XML that could not be read.', 200, false);
  }
  for (const [tag, root] of Object.entries(doc)) {
    if (tag.startsWith('?')) continue; // the <?xml ...?> declaration
    if (root && typeof root === 'object' && rowTag in root) {
      const rows = (root as Record<string, unknown>)[rowTag];
      return Array.isArray(rows) ? (rows as GoyzerRecord[]) : [];
    }
    if (root === '' || root === null) return [];
  }
  return [];
}

/** The whole answer as an object (single-value methods such as ContactInsert2). */
export function goyzerDocument(xml: string): Record<string, unknown> {
  try {
    return parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new ProviderCallError('Goyzer answered XML that could not be read.', 200, false);
  }
}

export const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
};
export const num = (value: unknown): number | null => {
  const t = text(value);
  const n = t === null ? Number.NaN : Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
};

/** One method call; answers the XML text. Goyzer reports a wrong access code in a 500 with a SOAP fault. */
export async function callGoyzer(work: SyncWork, method: string, fields: Record<string, string> = {}): Promise<string> {
  const answer = await work.call(goyzerCall(openSecrets(work.deps, work.row), storedConfig(work.row), method, fields));
  return answer.text;
}

/** One method's request: the account's codes and the method's own form fields. */
export function goyzerCall(
  secrets: SecretValues,
  config: IntegrationConfig,
  method: string,
  fields: Record<string, string> = {},
): ProviderCall {
  return {
    method: 'POST',
    path: `/Company.asmx/${method}`,
    headers: { accept: 'text/xml, application/xml' },
    form: { AccessCode: secrets.accessCode ?? '', GroupCode: String(config.groupCode ?? ''), ...fields },
  };
}
