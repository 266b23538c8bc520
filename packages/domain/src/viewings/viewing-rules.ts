import type { ViewingSettings } from '../settings/asset-profile.schemas.js';

// The rules of a viewing's time line (docs/product.md 'Viewings'): when its reminders go out and when the customer is
// asked for feedback, from the asset's viewing settings. Shared by the server's jobs and the lead page.

export const VIEWING_STATUSES = ['scheduled', 'done', 'cancelled', 'no-show'] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];
export const VIEWING_STATUS = { SCHEDULED: 'scheduled', DONE: 'done', CANCELLED: 'cancelled', NO_SHOW: 'no-show' } as const;
export const VIEWING_STATUS_LABELS: Record<ViewingStatus, string> = {
  scheduled: 'Scheduled',
  done: 'Done',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};
export const VIEWING_STATUS_COLORS: Record<ViewingStatus, string> = {
  scheduled: 'blue',
  done: 'green',
  cancelled: 'default',
  'no-show': 'orange',
};

export const VIEWING_MESSAGES = {
  leadRequired: 'Lead is required.',
  startsAtRequired: 'Date and time are required.',
  durationRange: 'Duration must be 5 to 480 minutes.',
  leadNotFound: 'Lead not found.',
  leadChanged: 'A viewing stays with its lead.',
  scheduled: 'Viewing has been scheduled successfully',
  markedDone: 'Viewing marked as done',
  cancelled: 'Viewing has been cancelled',
  noShow: 'Viewing marked as no-show',
  title: 'Viewings',
  none: 'No viewings yet',
  schedule: 'Schedule viewing',
  markDone: 'Mark done',
  cancel: 'Cancel viewing',
  noShowAction: 'No-show',
  onCalendar: 'On the agent’s calendar',
  feedbackRequested: (when: string) => `Feedback requested ${when}`,
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** When a viewing ends. */
export function viewingEndsAt(viewing: { startsAt: Date; durationMinutes: number }): Date {
  return new Date(viewing.startsAt.getTime() + viewing.durationMinutes * MINUTE_MS);
}

/** The staff reminders still to come: one per setting, at `startsAt - minutes`, those already past left out. */
export function viewingReminderTimes(
  startsAt: Date,
  settings: Pick<ViewingSettings, 'reminderMinutesBefore'>,
  now: Date,
): { minutesBefore: number; at: Date }[] {
  return settings.reminderMinutesBefore
    .map((minutesBefore) => ({ minutesBefore, at: new Date(startsAt.getTime() - minutesBefore * MINUTE_MS) }))
    .filter((reminder) => reminder.at.getTime() > now.getTime());
}

/** When the customer is asked for feedback: `feedbackDelayHours` after the viewing ends. */
export function viewingFeedbackAt(
  viewing: { startsAt: Date; durationMinutes: number },
  settings: Pick<ViewingSettings, 'feedbackDelayHours'>,
): Date {
  return new Date(viewingEndsAt(viewing).getTime() + settings.feedbackDelayHours * HOUR_MS);
}

/**
 * The mail asking the customer for feedback after a viewing (the feedback request job sends it): the review page's
 * signed link, in English and in Arabic.
 */
export function viewingFeedbackMail(input: {
  customerName: string;
  subject: string | null;
  agentName: string | null;
  company: string;
  reviewUrl: { en: string; ar: string };
  expiresOn: string;
}) {
  const what = input.subject ? ` of ${input.subject}` : '';
  const who = input.agentName ? ` with ${input.agentName}` : '';
  return {
    subject: `How was your viewing${what}?`,
    text:
      `Dear ${input.customerName},\n\nThank you for your viewing${what}${who}. ` +
      `We would love to hear how it went: rate it from 1 to 5 on this page (until ${input.expiresOn}):\n${input.reviewUrl.en}\n\n` +
      `قيّم معاينتك من 1 إلى 5:\n${input.reviewUrl.ar}\n\n` +
      `${input.company}`,
  };
}
