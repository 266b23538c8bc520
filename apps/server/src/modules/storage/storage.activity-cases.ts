import type { RouteCase } from '../../resources/activity-routes.kit.js';
import { filePart, sampleImage, uploadAs } from './storage-test-kit.js';

// Test-only: the activity route table's cases of uploading and removing a file, for
// resources/activity-log-routes.test.ts.

export const STORAGE_CASES: Readonly<Record<string, RouteCase>> = {
  'storage.upload': async (kit) => ({
    send: async () => uploadAs(kit.ctx, kit.world.admin, [filePart(await sampleImage('png', 8, 8), 'image/png', 'plan.png')]),
    rows: (res) => [{ subjectType: 'storage', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
  }),
  'storage.remove': async (kit) => {
    const uploaded = await uploadAs(kit.ctx, kit.world.admin, [filePart(await sampleImage('png', 8, 8), 'image/png', 'old.png')]);
    const id = kit.data<{ _id: string }>(uploaded)._id;
    return {
      send: () => kit.admin.delete('storage/remove', { file: id }),
      rows: () => [{ subjectType: 'storage', subjectId: id, action: 'delete' }],
    };
  },
};
