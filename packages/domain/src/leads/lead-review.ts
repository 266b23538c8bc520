import { MESSAGES } from '../messages/messages.js';
import type { DateInput } from '../time/date-value.js';
import { formatInZone } from '../time/timezone.js';

export const REVIEW_DATE_FORMAT = 'MMM D, YYYY, h:mm A';
export const UNRESPONSIVE_CATEGORY = 'unresponsive';
export const UNRESPONSIVE_FEEDBACK = 'Unresponsive';

export interface ReviewFeedbackSource {
  rating?: number | null;
  category?: string | null;
  feedback?: string | null;
}

/**
 * A review rated 0, or in the 'unresponsive' category (any case), with no feedback
 * reads 'Unresponsive'. Whitespace-only feedback counts as none.
 */
export function reviewFeedback(review: ReviewFeedbackSource): string {
  const feedback = review.feedback?.trim() ?? '';
  if (feedback) return review.feedback ?? feedback;
  const unresponsive = review.rating === 0 || review.category?.trim().toLowerCase() === UNRESPONSIVE_CATEGORY;
  return unresponsive ? UNRESPONSIVE_FEEDBACK : '';
}

/** 'Jan 5, 2026, 3:07 PM' in the viewer's zone. */
export function formatReviewDate(value: DateInput, timeZone?: string | null): string {
  return formatInZone(value, REVIEW_DATE_FORMAT, timeZone);
}

/** The review's own qualification time, else its subject's timeToQualify. */
export function reviewQualificationTime(
  review: { qualificationTime?: number | null },
  subject?: { timeToQualify?: number | null } | null,
): number | null {
  return review.qualificationTime ?? subject?.timeToQualify ?? null;
}

/** The list's Rating cell: the rating, or N/A when absent. */
export function ratingLabel(rating: number | string | null | undefined): string {
  return rating === null || rating === undefined || rating === '' ? MESSAGES.common.notAvailable : String(rating);
}
