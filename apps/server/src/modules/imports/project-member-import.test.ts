import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { csvOf, importAs } from './import-test-kit.js';

// Projects and team members through the same import flow: a project found by its slug or its name, a member by
// email; a member's phone checked with its code, emails repeated in the file or shared by two members refused.

let ctx: TestContext;
let world: ResourceWorld;
let manager: Caller;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-import-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createWorld(ctx);
  manager = await world.user([P.PROJECTS_VIEW, P.MEMBERS_VIEW]);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('project import', () => {
  it('creates projects (slug from the name when the file has none), reports bad rows, and updates on a rerun', async () => {
    const file = (campaign: string) => ({
      name: 'projects.csv',
      data: csvOf([
        ['Name', 'Campaign Name', 'Status', 'Bedrooms', 'Completion Date'],
        ['Marina Heights', campaign, 'launched', '1, 2, 3', '2028-06-30'],
        ['Palm Villas', campaign, 'Demolished', '', ''],
        ['Creek Views', campaign, '', '1;x', 'next year'],
      ]),
    });
    const api = importAs(ctx, manager, 'properties/projects');
    const report = (await api.dryRun(file('Spring'))).json().data;
    expect(report).toMatchObject({ total: 3, valid: 1, invalid: 2, creates: 1 });
    expect(report.errors).toEqual([
      { row: 3, field: 'status', message: 'Status is invalid.' },
      { row: 4, field: 'bedrooms', message: IMPORT_MESSAGES.notAWholeNumber('Bedrooms') },
      { row: 4, field: 'completionDate', message: IMPORT_MESSAGES.notADate('Completion Date') },
    ]);
    expect(await api.run(file('Spring'))).toMatchObject({ status: 'completed', created: 1, updated: 0, failed: 2 });
    const created = await ctx.db.project.findFirstOrThrow({ where: { assetId: world.assetA.id, name: 'Marina Heights' } });
    expect(created).toMatchObject({ slug: 'marina-heights', status: 'Launched', campaignName: 'Spring', bedrooms: [1, 2, 3] });

    // Renamed slug on screen: the rerun still finds the project by its name and keeps the slug.
    await ctx.db.project.update({ where: { id: created.id }, data: { slug: 'marina-heights-tower' } });
    expect(await api.run(file('Summer'))).toMatchObject({ created: 0, updated: 1, failed: 2 });
    const projects = await ctx.db.project.findMany({ where: { assetId: world.assetA.id, name: 'Marina Heights' } });
    expect(projects.map((p) => [p.slug, p.campaignName])).toEqual([['marina-heights-tower', 'Summer']]);
  });
});

describe("project import's developer column", () => {
  it("sets the developer the asset has by that name (ignoring case); an unknown or ambiguous name is the row's error", async () => {
    const scope = { companyId: world.company.id, assetId: world.assetA.id };
    const emaar = await ctx.db.developer.create({ data: { ...scope, name: 'Emaar Properties' } });
    await ctx.db.developer.createMany({
      data: [
        { ...scope, name: 'Twin Builders' },
        { ...scope, name: 'twin builders' },
      ],
    });
    // Another asset's developer of the same name is not this asset's.
    await ctx.db.developer.create({ data: { companyId: world.company.id, assetId: world.assetB.id, name: 'Nakheel' } });
    const file = {
      name: 'projects-developers.csv',
      data: csvOf([
        ['Name', 'Developer'],
        ['Creek Rise', 'emaar properties'],
        ['Palm Edge', 'Nakheel'],
        ['Twin Towers', 'Twin Builders'],
        ['No Developer Yet', ''],
      ]),
    };
    const api = importAs(ctx, manager, 'properties/projects');
    // The template has the column, and a file's 'Developer' header is suggested for it.
    expect((await api.template('csv')).body.split('\n')[0]).toMatch(/^\ufeff?Name,Slug,Developer,Campaign Name,/);
    expect((await api.preview(file)).json().data.mapping).toMatchObject({ Developer: 'developer' });
    const report = (await api.dryRun(file)).json().data;
    expect(report).toMatchObject({ total: 4, valid: 2, invalid: 2 });
    expect(report.errors).toEqual([
      { row: 3, field: 'developer', message: IMPORT_MESSAGES.noRecordNamed('Developer', 'Nakheel') },
      { row: 4, field: 'developer', message: IMPORT_MESSAGES.manyRecordsNamed('Developer', 'Twin Builders') },
    ]);
    expect(await api.run(file)).toMatchObject({ status: 'completed', created: 2, failed: 2 });
    const created = await ctx.db.project.findMany({
      where: { assetId: world.assetA.id, name: { in: ['Creek Rise', 'No Developer Yet', 'Palm Edge'] } },
      orderBy: { name: 'asc' },
    });
    expect(created.map((p) => [p.name, p.developerId])).toEqual([
      ['Creek Rise', emaar.id],
      ['No Developer Yet', null],
    ]);
  });
});

describe('team member import', () => {
  it('checks phones with their code and emails repeated in the file or shared by two members; updates by email', async () => {
    const api = restAs(ctx, manager);
    const existing = await api.post('teams/members', { name: 'Sara Old', email: 'sara@example.com' });
    expect(existing.statusCode, existing.body).toBe(201);
    for (const name of ['Twin One', 'Twin Two']) {
      expect((await api.post('teams/members', { name, email: 'twin@example.com' })).statusCode).toBe(201);
    }
    const file = {
      name: 'team.csv',
      data: csvOf([
        ['Name', 'Email', 'Phone Code', 'phone', 'Designation', 'Test Agent'],
        ['Sara Khan', 'SARA@example.com', '+971', '50 123 4567', 'Senior Agent', 'no'],
        ['Omar Ali', 'omar@example.com', '+971', '123', 'Agent', ''],
        ['Lina Haddad', 'lina@example.com', '', '501234567', 'Agent', ''],
        ['Omar Again', 'Omar@Example.com', '+971', '50 765 4321', 'Agent', ''],
        ['Twin Three', 'twin@example.com', '', '', '', ''],
        ['Maya Noor', 'maya@example.com', '971', '(055) 999-8877', 'Agent', 'maybe'],
        ['Adam Lee', 'adam@example.com', '+44', '7911 123456', 'Agent', 'yes'],
      ]),
    };
    const importer = importAs(ctx, manager, 'teams/members');
    const report = (await importer.dryRun(file)).json().data;
    expect(report).toMatchObject({ total: 7, valid: 2, invalid: 5, creates: 1, updates: 1 });
    expect(report.errors).toEqual([
      { row: 3, field: 'phone', message: IMPORT_MESSAGES.phoneInvalid },
      { row: 4, field: 'phoneCode', message: IMPORT_MESSAGES.phoneCodeMissing },
      { row: 5, field: 'email', message: IMPORT_MESSAGES.duplicateInFile('Email', 3) },
      { row: 6, field: 'email', message: IMPORT_MESSAGES.duplicateInAsset('Email') },
      { row: 7, field: 'isTest', message: IMPORT_MESSAGES.notAYesNo('Test Agent') },
    ]);

    expect(await importer.run(file)).toMatchObject({ status: 'completed', created: 1, updated: 1, failed: 5 });
    const members = await ctx.db.teamMember.findMany({ where: { assetId: world.assetA.id }, orderBy: { name: 'asc' } });
    expect(members.map((m) => m.name)).toEqual(['Adam Lee', 'Sara Khan', 'Twin One', 'Twin Two']);
    const sara = members.find((m) => m.name === 'Sara Khan');
    expect(sara).toMatchObject({ email: 'sara@example.com', designation: 'Senior Agent', phoneNumber: '+971501234567' });
    expect(members.find((m) => m.name === 'Adam Lee')).toMatchObject({ isTest: true, phoneNumber: '+447911123456' });
  });
});
