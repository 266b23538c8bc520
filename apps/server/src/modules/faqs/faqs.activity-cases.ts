import type { RouteCase } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of the FAQ's reorder call, for
// resources/activity-log-routes.test.ts.

export const FAQ_CASES: Readonly<Record<string, RouteCase>> = {
  'faqs.reorder': async (kit) => {
    const [a, b] = [await kit.create('faqs'), await kit.create('faqs')];
    const live = await kit.ctx.db.faq.findMany({ where: { assetId: kit.world.assetA.id, deletedAt: null }, orderBy: { order: 'asc' } });
    const ids = [b, a, ...live.map((faq) => faq.id).filter((id) => id !== a && id !== b)];
    // Only the questions whose place changed get a row.
    const moved = ids.filter((id, order) => live.find((faq) => faq.id === id)?.order !== order);
    return {
      send: () => kit.admin.patch('faqs/questions/order', { ids }),
      rows: () => moved.map((id) => ({ subjectType: 'faqs', subjectId: id, action: 'update' as const })),
    };
  },
};
