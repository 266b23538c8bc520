// The reviews feature's public surface: a viewing review's dispute and ruling actions, which the lead page shows too.
export { ViewingReviewActions } from './ViewingReviewActions';
