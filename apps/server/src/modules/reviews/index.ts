// The reviews module's public surface (docs/architecture.md 'Modules and their public surfaces'): the viewing review
// link the feedback mail carries. Its routes, router and resources are registered by the composition root.
export { signReviewLink } from './review-link.js';
