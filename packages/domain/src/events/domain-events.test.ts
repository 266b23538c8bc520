import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENTS } from './domain-events.js';

// A lead's event is recorded in the lead's own transaction: a payload its schema refused would refuse the lead. The
// ids of imported and seeded records have the uuid shape but no RFC 4122 version or variant; they must pass.

const legacyId = 'd861d62a-7f6c-4473-d33e-10c1bb56b168';
const ids = { leadId: legacyId, assetId: legacyId, customerId: legacyId, agentId: legacyId, userId: null };

describe('the lead events', () => {
  it('take ids of the uuid shape without an RFC version', () => {
    expect(DOMAIN_EVENTS['lead.created'].safeParse({ ...ids, stage: 'New' }).success).toBe(true);
    const { customerId: _c, ...assigned } = ids;
    expect(DOMAIN_EVENTS['lead.assigned'].safeParse({ ...assigned, previousAgentId: legacyId, reason: 'manual' }).success).toBe(true);
  });

  it('refuse what is no id at all', () => {
    expect(DOMAIN_EVENTS['lead.created'].safeParse({ ...ids, leadId: 'L-000001', stage: 'New' }).success).toBe(false);
  });
});
