import { randomUUID } from 'node:crypto';
import type pg from 'pg';

// A lead's timeline, made inside PostgreSQL (INSERT ... SELECT generate_series): one asset, one lead with EVENTS
// entries of every kind over two years (activities 40%, stage changes 15%, assignments 10% of which pool claims and
// SLA escalations, WhatsApp messages 20%, viewings 5%, documents 4%, its deal's moves 6%), beside NOISE_LEADS other
// leads with 50 activities and 20 stage changes each, so the lead's rows are a small part of every table.

export interface TimelineSeed {
  assetId: string;
  userId: string;
  leadId: string;
  events: number;
  seconds: number;
}

const idOf = (kind: string, n: string) => `md5('tl-${kind}-' || (${n})::text)::uuid`;
const share = (events: number, percent: number) => Math.max(1, Math.round((events * percent) / 100));

export async function seedTimeline(pool: pg.Pool, options: { events: number; noiseLeads: number }): Promise<TimelineSeed> {
  const started = performance.now();
  const client = await pool.connect();
  const companyId = randomUUID();
  const assetId = randomUUID();
  const userId = randomUUID();
  const roleId = randomUUID();
  const customerId = randomUUID();
  const leadId = randomUUID();
  const memberId = randomUUID();
  const dealId = randomUUID();
  const conversationId = randomUUID();
  const fileId = randomUUID();
  const e = options.events;
  const counts = {
    activities: share(e, 40),
    stages: share(e, 15),
    assignments: share(e, 10),
    messages: share(e, 20),
    viewings: share(e, 5),
    documents: share(e, 4),
  };
  const dealMoves = e - Object.values(counts).reduce((sum, n) => sum + n, 0);
  const at = `now() - (random() * 730) * interval '1 day'`;
  try {
    await client.query('SET synchronous_commit = off');
    await client.query('SET session_replication_role = replica');
    const q = (sql: string, values: unknown[]) => client.query(sql, values);
    await q(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Timeline Bench Co', now())`, [companyId]);
    await q(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Timeline Bench Asset', now())`, [
      assetId,
      companyId,
    ]);
    await q(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await q(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'timeline-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, assetId],
    );
    await q(`INSERT INTO "UserAsset" ("userId", "assetId") VALUES ($1, $2)`, [userId, assetId]);
    await q(
      `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "fullName", type, "updatedAt") VALUES ($1, $2, $3, 'C-1', 'Bench', 'Bench Customer', 'Client', now())`,
      [customerId, companyId, assetId],
    );
    await q(
      `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "userId", "updatedAt") VALUES ($1, $2, $3, 'Bench Agent', $4, now())`,
      [memberId, companyId, assetId, userId],
    );
    // The lead, then the noise leads (ids by number) of the same customer's asset.
    await q(
      `INSERT INTO "Lead" (id, "companyId", "assetId", "leadID", "customerId", "contactType", source, "updatedAt")
       SELECT CASE WHEN g = 0 THEN $4::uuid ELSE ${idOf('l', 'g')} END, $1, $2, 'L-' || g, $3, 'Buyer', 'Website', now()
       FROM generate_series(0, $5::int) g`,
      [companyId, assetId, customerId, leadId, options.noiseLeads],
    );
    const lead = `CASE WHEN g <= $3 THEN $4::uuid ELSE ${idOf('l', '1 + g % $5')} END`;
    const noise = options.noiseLeads;
    await q(
      `INSERT INTO "Activity" (id, "companyId", "assetId", type, subject, "leadId", "customerId", "agentId", "createdAt", "creatorId", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, (ARRAY['call','email','whatsapp','meeting','note','task'])[1 + g % 6], 'Activity ' || g, ${lead}, $6, $7, ${at}, $8, now()
       FROM generate_series(1, $3 + $5 * 50) g`,
      [companyId, assetId, counts.activities, leadId, noise, customerId, memberId, userId],
    );
    await q(
      `INSERT INTO "LeadStageChange" (id, "leadId", stage, status, "changedAt", "changedById")
       SELECT gen_random_uuid(), CASE WHEN g <= $1 THEN $2::uuid ELSE ${idOf('l', '1 + g % $3')} END,
         (ARRAY['New','Qualified','Viewing','Offer'])[1 + g % 4], 'Open', ${at}, $4
       FROM generate_series(1, $1 + $3 * 20) g`,
      [counts.stages, leadId, noise, userId],
    );
    await q(
      `INSERT INTO "LeadAssignment" (id, "leadId", "agentId", reason, "assignedAt")
       SELECT gen_random_uuid(), $1, $2, (ARRAY['auto','manual','pool_claim','pool_expired'])[1 + g % 4], ${at} FROM generate_series(1, $3) g`,
      [leadId, memberId, counts.assignments],
    );
    await q(
      `INSERT INTO "Conversation" (id, "companyId", "assetId", "leadId", "customerId", channel, "externalId", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, 'whatsapp', '971500000000', now())`,
      [conversationId, companyId, assetId, leadId, customerId],
    );
    await q(
      `INSERT INTO "Message" (id, "assetId", "conversationId", direction, body, status, "externalId", "sentAt", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, CASE WHEN g % 2 = 0 THEN 'in' ELSE 'out' END, 'Message ' || g, 'read', 'wamid.' || g, ${at}, now()
       FROM generate_series(1, $3) g`,
      [assetId, conversationId, counts.messages],
    );
    await q(
      `INSERT INTO "Viewing" (id, "companyId", "assetId", "leadId", "customerId", "agentId", "startsAt", "durationMinutes", status, "createdAt", "creatorId", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, $3, $4, $5, now(), 30, 'done', ${at}, $7, now() FROM generate_series(1, $6) g`,
      [companyId, assetId, leadId, customerId, memberId, counts.viewings, userId],
    );
    await q(
      `INSERT INTO "StoredFile" (id, "companyId", "assetId", name, "storageKey", url, "updatedAt") VALUES ($1, $2, $3, 'Form F.pdf', 'k', '/api/storage/files/k', now())`,
      [fileId, companyId, assetId],
    );
    await q(
      `INSERT INTO "Envelope" (id, "companyId", "assetId", "leadId", "fileId", status, subject, "signerName", "signerEmail", "createdAt", "creatorId", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, $3, $4, 'sent', 'Form F ' || g, 'Bench Customer', 'bench@example.com', ${at}, $6, now() FROM generate_series(1, $5) g`,
      [companyId, assetId, leadId, fileId, counts.documents, userId],
    );
    await q(
      `INSERT INTO "Deal" (id, "companyId", "assetId", title, "leadId", "customerId", "agentId", pipeline, stage, probability, currency, "updatedAt")
       VALUES ($1, $2, $3, 'Bench Deal', $4, $5, $6, 'sale', 'offer', 20, 'AED', now())`,
      [dealId, companyId, assetId, leadId, customerId, memberId],
    );
    await q(
      `INSERT INTO "DealStageChange" (id, "dealId", "assetId", pipeline, "fromStage", "toStage", outcome, "changedAt", "changedById")
       SELECT gen_random_uuid(), $1, $2, 'sale', 'offer', 'reserved', 'open', ${at}, $4 FROM generate_series(1, $3) g`,
      [dealId, assetId, dealMoves, userId],
    );
    await client.query('VACUUM ANALYZE');
    return { assetId, userId, leadId, events: e, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
