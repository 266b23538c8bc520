import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { qualificationReviewResource } from './qualification-review.resource.js';

export const qualificationReviewsRouter = router(resourceProcedures(qualificationReviewResource));
