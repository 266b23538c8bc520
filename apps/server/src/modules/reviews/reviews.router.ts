import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { qualificationReviewResource } from './qualification-review.resource.js';
import { viewingReviewDoors } from './viewing-review.calls.js';
import { viewingReviewResource } from './viewing-review.resource.js';

export const qualificationReviewsRouter = router(resourceProcedures(qualificationReviewResource));
export const viewingReviewsRouter = router({ ...resourceProcedures(viewingReviewResource), ...viewingReviewDoors.procedures });
