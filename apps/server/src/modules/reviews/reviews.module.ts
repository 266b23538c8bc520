import type { ServerModule } from '../module.js';
import { qualificationReviewResource } from './qualification-review.resource.js';
import { viewingReviewDoors } from './viewing-review.calls.js';
import { viewingReviewResource } from './viewing-review.resource.js';

// The reviews: a lead's qualification review (the engine's calls) and the customers' viewing reviews (the engine's
// reads, the public page's calls and the dispute).
export const reviewsModule: ServerModule = {
  name: 'reviews',
  openapiTag: { name: 'reviews', description: "Qualification reviews of leads and customers' reviews of viewings" },
  calls: [viewingReviewDoors],
  resources: [qualificationReviewResource, viewingReviewResource],
};
