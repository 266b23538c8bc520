import { projectCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import type { CallContext } from '../../calls/call.types.js';
import type { AnyCall } from '@crm/domain';
import { duplicateProject } from './project-duplicate.service.js';
import {
  addProjectFaq,
  projectFaq,
  projectFaqHeading,
  removeProjectFaq,
  saveProjectFaqHeading,
  updateProjectFaq,
} from './project-faq.service.js';
import { saveDldPart, saveProjectPart } from './project-parts.service.js';
import { checkProjectPermit } from './project-permit.service.js';

// Project calls (packages/domain/src/projects/project.calls.ts), both doors from these handlers. The services
// check the project is of the caller's asset (404 otherwise) through the resource's access.
const callOf = ({ deps, actor }: Pick<CallContext<AnyCall>, 'deps' | 'actor'>) => ({ deps, actor });

export const projectDoors = serveCalls(projectCalls, {
  saveTypes: async (c) => ({ data: await saveProjectPart(callOf(c), 'types', c.input.id, c.input.data) }),
  savePaymentPlans: async (c) => ({ data: await saveProjectPart(callOf(c), 'paymentPlans', c.input.id, c.input.data) }),
  saveGallery: async (c) => ({ data: await saveProjectPart(callOf(c), 'gallery', c.input.id, c.input.data) }),
  saveAmenities: async (c) => ({ data: await saveProjectPart(callOf(c), 'amenities', c.input.id, c.input.data) }),
  saveAgents: async (c) => ({ data: await saveProjectPart(callOf(c), 'agents', c.input.id, c.input.data) }),
  saveKeyPoints: async (c) => ({ data: await saveProjectPart(callOf(c), 'keyPoints', c.input.id, c.input.data) }),
  saveDld: async (c) => ({ data: await saveDldPart(callOf(c), c.input.id, c.input.part, c.input.data) }),
  duplicate: async (c) => ({ data: await duplicateProject(callOf(c), c.input) }),
  permit: async (c) => ({ data: await checkProjectPermit(callOf(c), c.input.project, c.input.permit) }),
  addFaq: async (c) => ({ data: await addProjectFaq(callOf(c), c.input.id, c.input.data) }),
  updateFaq: async (c) => ({ data: await updateProjectFaq(callOf(c), c.input.id, c.input.faqId, c.input.data) }),
  removeFaq: async (c) => ({ data: await removeProjectFaq(callOf(c), c.input.id, c.input.faqId) }),
  saveFaqHeading: async (c) => ({ data: await saveProjectFaqHeading(callOf(c), c.input.id, c.input.data) }),
  faqHeading: async (c) => ({ data: await projectFaqHeading(callOf(c), c.input.id) }),
  faq: async (c) => ({ data: await projectFaq(callOf(c), c.input.id, c.input.faqId) }),
});
