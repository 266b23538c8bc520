import { customerResource } from '../modules/customers/customer.resource.js';
import { departmentResource } from '../modules/members/department.resource.js';
import { groupResource } from '../modules/members/group.resource.js';
import { memberResource } from '../modules/members/member.resource.js';
import { developerResource } from '../modules/projects/developer.resource.js';
import { leadResource } from '../modules/leads/lead.resource.js';
import { listingResource } from '../modules/listings/listing.resource.js';
import { projectResource } from '../modules/projects/project.resource.js';
import { faqCategoryResource } from '../modules/faqs/faq-category.resource.js';
import { faqResource } from '../modules/faqs/faq.resource.js';
import { storageResource } from '../modules/storage/storage.resource.js';
import { accessLogResource } from '../modules/admin/access-log.resource.js';
import { activityLogResource } from '../modules/admin/activity-log.resource.js';
import type { ResourceDefinition } from './resource.types.js';

/** Every generic resource, in one explicit list: a new resource is its `<name>.resource.ts` plus one line here. */
export const RESOURCES: readonly ResourceDefinition[] = [
  customerResource,
  memberResource,
  departmentResource,
  groupResource,
  listingResource,
  projectResource,
  developerResource,
  leadResource,
  faqResource,
  faqCategoryResource,
  storageResource,
  accessLogResource,
  activityLogResource,
];

const byPath = new Map(RESOURCES.map((def) => [def.path, def]));
if (byPath.size !== RESOURCES.length) throw new Error('Two resources share a path');

export function resourceByPath(path: string): ResourceDefinition | undefined {
  return byPath.get(path);
}
