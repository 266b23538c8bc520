import { describe, expect, it } from 'vitest';
import { formatReviewDate, ratingLabel, reviewFeedback, reviewQualificationTime } from './lead-review.js';

describe('reviewFeedback', () => {
  it("is 'Unresponsive' for rating 0 with empty feedback", () => {
    expect(reviewFeedback({ rating: 0 })).toBe('Unresponsive');
    expect(reviewFeedback({ rating: 0, feedback: '' })).toBe('Unresponsive');
    expect(reviewFeedback({ rating: 0, feedback: '   ' })).toBe('Unresponsive');
    expect(reviewFeedback({ rating: 0, feedback: null })).toBe('Unresponsive');
  });
  it("is 'Unresponsive' for the unresponsive category in any case", () => {
    expect(reviewFeedback({ rating: 4, category: 'unresponsive' })).toBe('Unresponsive');
    expect(reviewFeedback({ rating: 4, category: 'UnResponsive', feedback: '' })).toBe('Unresponsive');
  });
  it('keeps real feedback, even when rated 0 or unresponsive', () => {
    expect(reviewFeedback({ rating: 0, feedback: 'Called twice' })).toBe('Called twice');
    expect(reviewFeedback({ category: 'Unresponsive', feedback: 'No answer' })).toBe('No answer');
  });
  it('stays empty for other ratings and categories without feedback', () => {
    expect(reviewFeedback({ rating: 1 })).toBe('');
    expect(reviewFeedback({ rating: null, category: 'responsive' })).toBe('');
    expect(reviewFeedback({})).toBe('');
  });
});

describe('formatReviewDate', () => {
  it("formats as 'MMM D, YYYY, h:mm A' in the zone", () => {
    expect(formatReviewDate('2026-01-05T15:07:00Z', 'UTC')).toBe('Jan 5, 2026, 3:07 PM');
    expect(formatReviewDate('2026-01-05T21:07:00Z', 'Asia/Dubai')).toBe('Jan 6, 2026, 1:07 AM');
    expect(formatReviewDate(new Date('2026-12-31T00:00:00Z'))).toBe('Dec 31, 2026, 12:00 AM');
    expect(formatReviewDate(undefined)).toBe('');
  });
});

describe('reviewQualificationTime / ratingLabel', () => {
  it("falls back to the subject's timeToQualify", () => {
    expect(reviewQualificationTime({ qualificationTime: 12 }, { timeToQualify: 30 })).toBe(12);
    expect(reviewQualificationTime({ qualificationTime: 0 }, { timeToQualify: 30 })).toBe(0);
    expect(reviewQualificationTime({ qualificationTime: null }, { timeToQualify: 30 })).toBe(30);
    expect(reviewQualificationTime({}, null)).toBeNull();
  });
  it('shows N/A when the rating is absent', () => {
    expect(ratingLabel(undefined)).toBe('N/A');
    expect(ratingLabel(0)).toBe('0');
    expect(ratingLabel(5)).toBe('5');
  });
});
