import type { ServerModule } from '../module.js';
import { qualificationReviewResource } from './qualification-review.resource.js';

// The reviews: a lead's qualification review (the engine's calls).
export const reviewsModule: ServerModule = {
  name: 'reviews',
  openapiTag: { name: 'reviews', description: "Qualification reviews of the asset's leads" },
  resources: [qualificationReviewResource],
};
