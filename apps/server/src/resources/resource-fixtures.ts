import { accessLogFixture } from '../modules/admin/access-log.fixture.js';
import { activityLogFixture } from '../modules/admin/activity-log.fixture.js';
import { companyAssetFixture } from '../modules/admin/company-asset.fixture.js';
import { roleFixture } from '../modules/admin/role.fixture.js';
import { systemLogFixture } from '../modules/admin/system-log.fixture.js';
import { userFixture } from '../modules/admin/user.fixture.js';
import { apiKeyFixture } from '../modules/api-keys/api-key.fixture.js';
import { customFieldFixture } from '../modules/custom-fields/custom-field.fixture.js';
import { customerFixture } from '../modules/customers/customer.fixture.js';
import { faqFixture } from '../modules/faqs/faq.fixture.js';
import { qualificationReviewFixture } from '../modules/reviews/qualification-review.fixture.js';
import { viewingReviewFixture } from '../modules/reviews/viewing-review.fixture.js';
import { faqCategoryFixture } from '../modules/faqs/faq-category.fixture.js';
import { envelopeFixture } from '../modules/integrations/providers/docusign/envelope.fixture.js';
import { leadFixture } from '../modules/leads/lead.fixture.js';
import { listingFixture } from '../modules/listings/listing.fixture.js';
import { placeFixture } from '../modules/lookups/place.fixture.js';
import { departmentFixture } from '../modules/members/department.fixture.js';
import { groupFixture } from '../modules/members/group.fixture.js';
import { memberFixture } from '../modules/members/member.fixture.js';
import { memberRatingFixture } from '../modules/members/member-rating.fixture.js';
import { notificationLogFixture } from '../modules/notifications/notification-log.fixture.js';
import { developerFixture } from '../modules/projects/developer.fixture.js';
import { projectFixture } from '../modules/projects/project.fixture.js';
import { storageFixture } from '../modules/storage/storage.fixture.js';
import { viewingFixture } from '../modules/viewings/viewing.fixture.js';
import { dealFixture } from '../modules/deals/deal.fixture.js';
import { activityFixture } from '../modules/activities/activity.fixture.js';
import type { ResourceFixture } from './resource-fixture.js';

// A record of every registered resource, for the contract tests (resource-contracts.test.ts), keyed by contract
// name. Each module keeps its own beside its resource (<module>/<name>.fixture.ts: a create body, creating through
// the same API what it refers to, and an update, or, for the read-only resources, a row inserted with Prisma); this
// only lists them. Test-only. A new resource fails those tests until it has its fixture here.

export type { Body, ResourceFixture } from './resource-fixture.js';

export const RESOURCE_FIXTURES: Record<string, ResourceFixture> = {
  customers: customerFixture,
  departments: departmentFixture,
  groups: groupFixture,
  members: memberFixture,
  listings: listingFixture,
  developers: developerFixture,
  projects: projectFixture,
  places: placeFixture,
  faqCategories: faqCategoryFixture,
  customFields: customFieldFixture,
  faqs: faqFixture,
  storage: storageFixture,
  leads: leadFixture,
  apiKeys: apiKeyFixture,
  accessLogs: accessLogFixture,
  activityLogs: activityLogFixture,
  notificationLogs: notificationLogFixture,
  systemLogs: systemLogFixture,
  memberRatings: memberRatingFixture,
  viewings: viewingFixture,
  deals: dealFixture,
  activities: activityFixture,
  qualificationReviews: qualificationReviewFixture,
  viewingReviews: viewingReviewFixture,
  envelopes: envelopeFixture,
  companyAssets: companyAssetFixture,
  roles: roleFixture,
  users: userFixture,
};
