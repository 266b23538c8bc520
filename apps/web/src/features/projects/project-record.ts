import type { ContractRecord, projectContract } from '@crm/domain';

/** The project as the editor reads it (trpc.projects.byId). */
export type ProjectRecord = ContractRecord<typeof projectContract>;
