import type { ResourceNames } from './names.js';

// What `npm run resource:new` writes for a new resource: the smallest real one (a name, soft delete, asset scope),
// built only from the kit, so it typechecks and passes its tests before any hand edit. The shapes follow the FAQ
// categories (faqs module), the smallest resource already in the product.

export interface ResourceSpec {
  names: ResourceNames;
  /** The menu leaf the list page replaces the placeholder of. */
  menu: { key: string; label: string; path: string };
  /** The leaf's permission codes, as PERMISSIONS keys (P.AWARDS_VIEW). */
  permissionKeys: readonly string[];
  /** The REST path under /api/. */
  apiPath: string;
  /** The OpenAPI tag the resource is listed under, and whether the new module declares it. */
  tag: { name: string; declare: boolean };
}

export interface GeneratedFile {
  path: string;
  text: string;
}

const permissionList = (spec: ResourceSpec) => `[${spec.permissionKeys.map((key) => `P.${key}`).join(', ')}]`;

function contract(spec: ResourceSpec): string {
  const n = spec.names;
  return `import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';
import { requiredText } from '../validation/zod-helpers.js';

const M = MESSAGES.record;
const ${n.camel.toUpperCase()}_PERMISSIONS = ${permissionList(spec)} as const;

export const ${n.camel}Fields = {
  ...baseFields({ softDelete: true }),
  name: f.string({ label: 'Name', sortable: true, searchable: true }),
};

export const ${n.pascal}InputSchema = z.strictObject({ name: requiredText(M.required('Name'), undefined, 200) });
export type ${n.pascal}Input = z.infer<typeof ${n.pascal}InputSchema>;

export const ${n.camel}Contract = defineContract({
  name: '${n.pluralCamel}',
  path: '${spec.apiPath}',
  label: { one: '${n.words}', many: '${n.pluralWords}' },
  scope: 'asset',
  softDelete: true,
  fields: ${n.camel}Fields,
  defaultSort: { field: 'name', direction: 1 },
  exportColumns: ['name', 'createdAt'],
  create: ${n.pascal}InputSchema,
  permissions: {
    read: ${n.camel.toUpperCase()}_PERMISSIONS,
    create: ${n.camel.toUpperCase()}_PERMISSIONS,
    update: ${n.camel.toUpperCase()}_PERMISSIONS,
    delete: ${n.camel.toUpperCase()}_PERMISSIONS,
  },
});
`;
}

export function prismaModel(names: ResourceNames): string {
  return `
model ${names.pascal} {
  id          String    @id @default(uuid(7)) @db.Uuid
  companyId   String    @db.Uuid
  assetId     String    @db.Uuid
  name        String
  createdAt   DateTime  @default(now())
  updatedAt   DateTime  @updatedAt
  creatorId   String?   @db.Uuid
  updatedById String?   @db.Uuid
  deletedAt   DateTime?

  @@index([assetId, name])
  @@index([assetId, createdAt(sort: Desc), id(sort: Desc)])
}
`;
}

function serverFiles(spec: ResourceSpec): GeneratedFile[] {
  const n = spec.names;
  const dir = `apps/server/src/modules/${n.pluralKebab}`;
  const tag = spec.tag.declare ? `\n  openapiTag: { name: '${spec.tag.name}', description: '${spec.menu.label}' },` : '';
  return [
    {
      path: `${dir}/${n.kebab}.resource.ts`,
      text: `import { ${n.camel}Contract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const ${n.camel}Resource = defineResource(${n.camel}Contract, { model: '${n.camel}' });
`,
    },
    {
      path: `${dir}/${n.pluralKebab}.module.ts`,
      text: `import type { ServerModule } from '../module.js';
import { ${n.camel}Resource } from './${n.kebab}.resource.js';

export const ${n.pluralCamel}Module: ServerModule = {
  name: '${n.pluralKebab}',${tag}
  resources: [${n.camel}Resource],
};
`,
    },
    {
      path: `${dir}/${n.pluralKebab}.router.ts`,
      text: `import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { ${n.camel}Resource } from './${n.kebab}.resource.js';

export const ${n.pluralCamel}Router = router(resourceProcedures(${n.camel}Resource));
`,
    },
    {
      path: `${dir}/index.ts`,
      text: `export { ${n.pluralCamel}Module } from './${n.pluralKebab}.module.js';
export { ${n.pluralCamel}Router } from './${n.pluralKebab}.router.js';
`,
    },
    {
      path: `${dir}/${n.kebab}.fixture.ts`,
      text: `import type { ResourceFixture } from '../../resources/resource-fixture.js';

// A ${n.words} for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const ${n.camel}Fixture: ResourceFixture = {
  create: async (_post, n) => ({ name: \`${n.pascal} \${n}\` }),
  update: { name: 'Renamed ${n.words}' },
};
`,
    },
    { path: `${dir}/${n.kebab}.resource.test.ts`, text: resourceTest(spec) },
  ];
}

function resourceTest(spec: ResourceSpec): string {
  const n = spec.names;
  return `import { ${n.camel}Contract, PERMISSIONS as P } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, type ResourceWorld, restAs } from '../../resources/resource-test-kit.js';

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

const PATH = '${spec.apiPath}';
const allowed = () => world.user(${permissionList(spec)});

describe('${n.pluralWords}', () => {
  it('are created, listed, read, renamed and deleted by a holder of the permission', async () => {
    const api = restAs(ctx, await allowed());
    const created = await api.post(PATH, { name: 'First' });
    expect(created.statusCode, created.body).toBe(201);
    const record = ${n.camel}Contract.record.parse(created.json().data);
    expect(record.name).toBe('First');

    const list = await api.get(PATH, { query: { name: 'First' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { _id: string }) => row._id)).toEqual([record._id]);

    const renamed = await api.patch(\`\${PATH}/\${record._id}\`, { name: 'Second' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await api.get(\`\${PATH}/\${record._id}\`)).json().data.name).toBe('Second');

    expect((await api.delete(\`\${PATH}/\${record._id}\`)).statusCode).toBe(200);
    expect((await api.get(\`\${PATH}/\${record._id}\`)).statusCode).toBe(404);
  });

  it("answers 404 for another asset's ${n.words}", async () => {
    const elsewhere = await ctx.db.${n.camel}.create({ data: { companyId: world.company.id, assetId: world.assetB.id, name: 'Elsewhere' } });
    const api = restAs(ctx, await allowed());
    expect((await api.get(\`\${PATH}/\${elsewhere.id}\`)).statusCode).toBe(404);
    expect((await api.patch(\`\${PATH}/\${elsewhere.id}\`, { name: 'Taken' })).statusCode).toBe(404);
  });

  it('refuses a caller without the permission, and bad input with the error envelope', async () => {
    const outsider = restAs(ctx, await world.user([]));
    expect((await outsider.get(PATH)).statusCode).toBe(403);
    const api = restAs(ctx, await allowed());
    const empty = await api.post(PATH, { name: '' });
    expect(empty.json()).toMatchObject({ statusCode: 400, data: { name: [expect.any(String)] } });
    const unknown = await api.post(PATH, { name: 'A', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(await ctx.db.${n.camel}.count({ where: { assetId: world.assetA.id, name: 'A' } })).toBe(0);
  });
});
`;
}

function webFiles(spec: ResourceSpec): GeneratedFile[] {
  const n = spec.names;
  const dir = `apps/web/src/features/${n.pluralKebab}`;
  return [
    {
      path: `${dir}/${n.pascal}FormFields.tsx`,
      text: `import { ${n.camel}Contract } from '@crm/domain';
import { Input } from 'antd';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(${n.camel}Contract);

/** The ${n.words}'s fields; labels, rules and messages come from the contract. */
export function ${n.pascal}FormFields(_props: FormFieldsProps<typeof ${n.camel}Contract>) {
  return (
    <Item name="name">
      <Input autoComplete="off" />
    </Item>
  );
}
`,
    },
    {
      path: `${dir}/${n.kebab}-form.ts`,
      text: `import { type ContractRecord, ${n.camel}Contract } from '@crm/domain';
import { defineResourceForm } from '../../kit/form/form-spec';
import { ${n.pascal}FormFields } from './${n.pascal}FormFields';

export const ${n.camel}Form = defineResourceForm({
  contract: ${n.camel}Contract,
  Fields: ${n.pascal}FormFields,
  defaults: () => ({ name: '' }),
  fromRecord: (record: ContractRecord<typeof ${n.camel}Contract>) => ({ name: record.name }),
});
`,
    },
    {
      path: `${dir}/${n.pluralPascal}Page.tsx`,
      text: `import { PlusOutlined } from '@ant-design/icons';
import { ${n.camel}Contract, MESSAGES } from '@crm/domain';
import { Button, Card } from 'antd';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { EditRowButton } from '../../kit/table/EditRowButton';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';

type ${n.pluralPascal} = typeof ${n.camel}Contract;

const COLUMNS: readonly ColumnSpec<${n.pluralPascal}>[] = ['name', 'createdAt'];
const FILTERS = ['createdAt'] as const;
const LABEL = ${n.camel}Contract.label.one;

/** ${spec.menu.path}: the asset's ${n.pluralWords}, added and renamed in the kit's drawer. */
export function ${n.pluralPascal}Page() {
  const permissions = useResourcePermissions(${n.camel}Contract);
  const drawer = useDrawerState();
  const table = useResourceTable(${n.camel}Contract, {
    screen: '${n.pluralKebab}',
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.name ?? row._id,
    ...(permissions.update
      ? { rowActions: (row) => <EditRowButton label={LABEL} name={row.name ?? row._id} onClick={() => drawer.edit(row._id)} /> }
      : {}),
  });
  return (
    <ResourcePage
      title="${spec.menu.label}"
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(LABEL)}
          </Button>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <RecordDrawer contract={${n.camel}Contract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
`,
    },
  ];
}

/** Every new file of the resource, by repository path. */
export function generatedFiles(spec: ResourceSpec): GeneratedFile[] {
  return [
    { path: `packages/domain/src/${spec.names.pluralKebab}/${spec.names.kebab}.contract.ts`, text: contract(spec) },
    ...serverFiles(spec),
    ...webFiles(spec),
  ];
}
