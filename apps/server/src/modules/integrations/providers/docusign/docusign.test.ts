import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { ENVELOPE_MESSAGES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUSIGN_FAKE_CONFIG, type DocuSignFake, startDocuSignFake } from '../../../../../test/fakes/docusign.fake.js';
import { createTestApp, type TestContext } from '../../../../../test/test-app.js';
import { filePart, sampleImage, uploadAs } from '../../../storage/testing.js';
import { createViewingWorld, type ViewingWorld } from '../../../viewings/testing.js';
import { ProviderCallError } from '../../provider-call.js';
import { capturedLogs, everythingSaid, runJob, runQueuedJob } from '../provider-test-kit.js';
import { docusignConnectJob } from './docusign-connect.job.js';
import { envelopeSendJob } from './envelope-send.job.js';

// DocuSign against a local fake of its account server and eSignature REST v2.1: the connection test (JWT grant and
// userinfo), a PDF of Storage sent to the lead's customer (refused for a non-PDF, a customer without email, or while
// DocuSign is off), Connect events checked by HMAC and moving the envelope forward only, 5xx retried then reported,
// a retried send finding the envelope DocuSign already has, and no key or token in any answer or log.

const HMAC_KEY = 'connect-hmac-key-fake-0123456789';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let ctx: TestContext;
let docusign: DocuSignFake;
let world: ViewingWorld;
let storageDir: string;
let integrationId: string;
let pdfId: string;
const logs = capturedLogs();
const answers: string[] = [];

const say = async <T extends { body: string }>(res: T) => {
  answers.push(res.body);
  return res;
};
const configure = (body: object) => world.api('PATCH', `assets/${world.asset.id}/integrations/docusign`, body).then(say);
const send = (body: object) => world.api('POST', 'envelopes/send', body).then(say);
const upload = async (data: Buffer, type: string, name: string) => {
  const res = await uploadAs(ctx, { headers: world.admin, userId: '' }, [filePart(data, type, name)]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
};
const postConnect = (body: string, headers: Record<string, string>) =>
  ctx.app
    .inject({
      method: 'POST',
      url: `/api/integrations/docusign/webhook/${integrationId}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })
    .then(say);

/** Sends the PDF to a new lead's customer and runs the send job; answers our envelope row. */
async function sendAndRun() {
  const { leadId, email } = await world.lead();
  const res = await send({ lead: leadId, file: pdfId, subject: 'Offer letter' });
  expect(res.statusCode, res.body).toBe(202);
  const id: string = res.json().data._id;
  await runQueuedJob(ctx, envelopeSendJob, `docusign-envelope-${id}`);
  return { envelope: await ctx.db.envelope.findUniqueOrThrow({ where: { id } }), leadId, email };
}

beforeAll(async () => {
  docusign = await startDocuSignFake();
  storageDir = await mkdtemp(join(tmpdir(), 'docusign-'));
  ctx = await createTestApp({
    envOverrides: {
      INTEGRATION_BASE_URL_DOCUSIGN_AUTH: docusign.url,
      // userinfo's base URI is trusted only on docusign.net: the fake's comes from the environment.
      INTEGRATION_BASE_URL_DOCUSIGN: docusign.url,
      STORAGE_DIR: storageDir,
      LOG_LEVEL: 'debug',
    },
    loggerStream: logs.stream,
  });
  world = await createViewingWorld(ctx);
  pdfId = await upload(PDF, 'application/pdf', 'offer.pdf');
});
afterAll(async () => {
  await ctx?.close();
  await docusign?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('the connection test', () => {
  it('runs the JWT grant and reads userinfo; reports a grant DocuSign refuses', async () => {
    expect((await world.api('POST', `assets/${world.asset.id}/integrations/docusign/test`)).statusCode).toBe(409);
    const saved = await configure({
      enabled: true,
      config: { ...DOCUSIGN_FAKE_CONFIG, userId: 'someone-else', templateIds: [] },
      secrets: { rsaPrivateKey: docusign.rsaPrivateKey, connectHmacKey: HMAC_KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    integrationId = saved.json().data._id;
    expect(saved.json().data.webhookUrl).toMatch(new RegExp(`/api/integrations/docusign/webhook/${integrationId}$`));
    const test = () => world.api('POST', `assets/${world.asset.id}/integrations/docusign/test`).then(say);
    expect((await test()).json().data).toMatchObject({ ok: false, detail: 'DocuSign refused the credentials (HTTP 400).' });
    await configure({ config: { ...DOCUSIGN_FAKE_CONFIG, templateIds: [] } });
    expect((await test()).json().data).toMatchObject({ ok: true, detail: 'DocuSign accepted the credentials.' });
    expect(docusign.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth/token', 'GET /oauth/userinfo']);
  });
});

describe('sending a document for signature', () => {
  it('refuses a non-PDF, a customer without email, another asset’s file, and answers 409 while DocuSign is off', async () => {
    const { leadId } = await world.lead();
    const png = await upload(await sampleImage('png', 4, 4), 'image/png', 'a.png');
    const notPdf = await send({ lead: leadId, file: png });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().data).toEqual({ file: [ENVELOPE_MESSAGES.notPdf] });
    const noEmail = await world.lead();
    await ctx.db.customer.update({ where: { id: noEmail.customerId }, data: { email: null } });
    expect((await send({ lead: noEmail.leadId, file: pdfId })).json().data).toEqual({ lead: [ENVELOPE_MESSAGES.noSignerEmail] });
    const other = await createViewingWorld(ctx);
    const theirs = await uploadAs(ctx, { headers: other.admin, userId: '' }, [filePart(PDF, 'application/pdf', 'x.pdf')]);
    expect((await send({ lead: leadId, file: theirs.json().data._id })).json().data).toEqual({ file: [ENVELOPE_MESSAGES.fileNotFound] });
    await configure({ enabled: false });
    const off = await send({ lead: leadId, file: pdfId });
    expect(off.statusCode).toBe(409);
    expect(off.json().data).toEqual({ provider: 'docusign', reason: 'DISABLED' });
    await configure({ enabled: true });
    expect(await ctx.db.envelope.count()).toBe(0);
  });

  it("sends the PDF to the lead's customer and keeps DocuSign's envelope id; the lead page lists it", async () => {
    const { envelope, leadId, email } = await sendAndRun();
    expect(envelope).toMatchObject({ status: 'sent', subject: 'Offer letter', signerEmail: email, error: null });
    expect(envelope.sentAt).not.toBeNull();
    const sent = docusign.envelopes.at(-1);
    expect(envelope.envelopeId).toBe(sent?.envelopeId);
    expect(sent?.body).toMatchObject({
      emailSubject: 'Offer letter',
      status: 'sent',
      documents: [{ documentId: '1', name: 'offer.pdf', fileExtension: 'pdf', documentBase64: PDF.toString('base64') }],
      recipients: { signers: [{ recipientId: '1', email, name: expect.stringMatching(/^Cust /) }] },
      customFields: { textCustomFields: [{ name: 'crmEnvelopeId', value: envelope.id }] },
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/envelopes.list?input=${encodeURIComponent(JSON.stringify({ filter: { query: { lead: leadId }, populate: ['file'] } }))}`,
      headers: world.admin,
    });
    expect(listed.json().result.data.data).toMatchObject([{ _id: envelope.id, status: 'sent', file: { name: 'offer.pdf' } }]);
    expect(await ctx.db.activityLog.count({ where: { subjectType: 'envelopes', subjectId: envelope.id } })).toBe(2);
  });
});

describe('Connect events', () => {
  it('refuses a missing or wrong X-DocuSign-Signature-1 and stores nothing', async () => {
    const { envelope } = await sendAndRun();
    const event = docusign.connect(HMAC_KEY, envelope.envelopeId ?? '', 'envelope-completed');
    const before = await ctx.db.webhookEvent.count();
    expect((await postConnect(event.body, {})).statusCode).toBe(401);
    const forged = docusign.connect('another-key', envelope.envelopeId ?? '', 'envelope-completed');
    expect((await postConnect(event.body, { 'x-docusign-signature-1': forged.signature })).statusCode).toBe(401);
    expect(await ctx.db.webhookEvent.count()).toBe(before);
    const logged = await ctx.db.integrationLog.findFirst({
      where: { provider: 'docusign', direction: 'inbound' },
      orderBy: { createdAt: 'desc' },
    });
    expect(logged).toMatchObject({ outcome: 'rejected', status: 401, requestBody: null });
  });

  it('moves the envelope forward (delivered, then completed), never back, once per event', async () => {
    const { envelope } = await sendAndRun();
    const apply = async (name: string, at: string, fresh = true) => {
      const event = docusign.connect(HMAC_KEY, envelope.envelopeId ?? '', name, at);
      const res = await postConnect(event.body, { 'x-docusign-signature-1': event.signature });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ received: true, duplicate: !fresh });
      const stored = await ctx.db.webhookEvent.findFirstOrThrow({ where: { externalEventId: `${envelope.envelopeId}:${name}:${at}` } });
      if (fresh) await runQueuedJob(ctx, docusignConnectJob, `docusign-connect-${stored.id}`);
      return ctx.db.envelope.findUniqueOrThrow({ where: { id: envelope.id } });
    };
    const delivered = await apply('envelope-delivered', '2026-03-01T10:00:00.000Z');
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: new Date('2026-03-01T10:00:00.000Z') });
    expect((await apply('envelope-delivered', '2026-03-01T10:00:00.000Z', false)).status).toBe('delivered');
    const completed = await apply('envelope-completed', '2026-03-01T11:00:00.000Z');
    expect(completed).toMatchObject({ status: 'completed', completedAt: new Date('2026-03-01T11:00:00.000Z') });
    expect((await apply('envelope-delivered', '2026-03-01T12:00:00.000Z')).status).toBe('completed');
  });
});

describe('retries', () => {
  it('retries a 5xx, reports the last failure on the envelope, and never sends one envelope twice', async () => {
    const { leadId } = await world.lead();
    const id: string = (await send({ lead: leadId, file: pdfId })).json().data._id;
    docusign.failNext(503);
    await expect(runJob(ctx, envelopeSendJob, { envelopeId: id }, 0)).rejects.toBeInstanceOf(ProviderCallError);
    expect((await ctx.db.envelope.findUniqueOrThrow({ where: { id } })).status).toBe('queued');
    docusign.failNext(500);
    await expect(runJob(ctx, envelopeSendJob, { envelopeId: id }, 4)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await ctx.db.envelope.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/HTTP 500/),
    });

    // A send that reached DocuSign but stopped before our write: the retry finds that envelope by our id.
    const { envelope } = await sendAndRun();
    const count = docusign.envelopes.length;
    await ctx.db.envelope.update({ where: { id: envelope.id }, data: { status: 'queued', envelopeId: null } });
    await runJob(ctx, envelopeSendJob, { envelopeId: envelope.id }, 1);
    expect(docusign.envelopes.length).toBe(count);
    expect((await ctx.db.envelope.findUniqueOrThrow({ where: { id: envelope.id } })).envelopeId).toBe(envelope.envelopeId);
  });

  it('never shows the RSA key, the HMAC key, a token or the document in an answer, the integration log or the server log', async () => {
    const everything = await everythingSaid(ctx, answers, logs.lines);
    const keyLine = docusign.rsaPrivateKey.split('\n')[1] ?? '';
    for (const secret of [keyLine, HMAC_KEY, 'eyJ0eXAiOiJNVCJ9.fake', PDF.toString('base64')])
      expect(everything, secret).not.toContain(secret);
    expect(logs.lines.length).toBeGreaterThan(0);
  });
});
