import type { FastifyInstance } from 'fastify';
import { ensurePlaces } from './place-seed.service.js';

// Every company has the seeded places before its first screen asks for them; one created later gets them on its
// first lookup (places.service.ts). The lookups' calls themselves are declared (lookup.calls.ts).
export async function seedPlacesOnReady(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    try {
      for (const { id } of await app.deps.db.company.findMany({ select: { id: true } })) await ensurePlaces(app.deps.db, id);
    } catch (error) {
      app.deps.log.warn({ err: error }, 'seeding the companies places failed');
    }
  });
}
