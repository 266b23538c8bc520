import type { RouteCase } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of the custom fields' reorder call, for
// resources/activity-log-routes.test.ts.

export const CUSTOM_FIELD_CASES: Readonly<Record<string, RouteCase>> = {
  'customFields.reorder': async (kit) => {
    const [a, b] = [await kit.create('customFields'), await kit.create('customFields')];
    const kind = (await kit.ctx.db.customFieldDefinition.findUniqueOrThrow({ where: { id: a } })).kind;
    const live = await kit.ctx.db.customFieldDefinition.findMany({
      where: { assetId: kit.world.assetA.id, kind },
      orderBy: { order: 'asc' },
    });
    const ids = [b, a, ...live.map((field) => field.id).filter((id) => id !== a && id !== b)];
    const moved = ids.filter((id, order) => live.find((field) => field.id === id)?.order !== order);
    return {
      send: () => kit.admin.patch('properties/custom-fields/order', { ids }),
      rows: () => moved.map((id) => ({ subjectType: 'customFields', subjectId: id, action: 'update' as const })),
    };
  },
};
