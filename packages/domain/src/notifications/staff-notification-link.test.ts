import { describe, expect, it } from 'vitest';
import { staffNotificationLink } from './staff-notification.contract.js';

const id = '0b7c4a5e-0000-4000-8000-000000000001';
const none = { lead: null, deal: null, listing: null, activity: null, kind: 'activityReminder' as const };

describe('where the bell opens a notification', () => {
  it('opens its lead first, else its deal, its listing, or the caller’s tasks', () => {
    expect(staffNotificationLink({ ...none, lead: id, deal: id })).toBe(`/reports/leads/${id}`);
    expect(staffNotificationLink({ ...none, deal: id })).toBe(`/reports/deals/${id}`);
    expect(staffNotificationLink({ ...none, kind: 'permitExpired', listing: id })).toMatch(new RegExp(`${id}$`));
    expect(staffNotificationLink({ ...none, activity: id })).toBe('/reports/activities?refresh=1&scope=mine');
    expect(staffNotificationLink(none)).toBeNull();
  });
});
