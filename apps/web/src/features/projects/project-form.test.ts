import { ProjectInputSchema, ProjectPaymentPlansInputSchema, fieldMessagesOf } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { PROJECT_EXTRA_FILTERS } from './project-filters';
import { isUaeCountry } from '../../kit/lookups/useGeoLookups';
import { projectDefaults, toProjectBody, toProjectUpdateBody } from './project-form';

const DEVELOPER = '0b7c4a5e-0000-4000-8000-0000000000d1';

describe('the project form', () => {
  it('sends empty text and references as none, and passes the contract', () => {
    const body = toProjectBody({ ...projectDefaults(), name: 'Harbour Lights', slug: 'harbour-lights', city: '' });
    expect(body).toMatchObject({ developer: null, brochure: null, city: null, status: 'Upcoming', enabled: true });
    expect(ProjectInputSchema.safeParse(body).success).toBe(true);
    expect(toProjectBody({ name: 'A', slug: 'a', developer: DEVELOPER })).toMatchObject({ developer: DEVELOPER });
  });

  it('starts in the UAE, sends an emptied country as none, and leaves the Arabic description to the Translations tab on update', () => {
    expect(projectDefaults().country).toBe('United Arab Emirates');
    expect(toProjectBody({ name: 'A', slug: 'a', country: '' }).country).toBeNull();
    const update = toProjectUpdateBody({ name: 'A', slug: 'a', country: 'Oman', descriptionAr: 'قديم' });
    expect(update).toMatchObject({ country: 'Oman' });
    expect(update).not.toHaveProperty('descriptionAr');
    expect(toProjectBody({ name: 'A', slug: 'a', descriptionAr: 'وصف' }).descriptionAr).toBe('وصف');
    // A record without a country is in the UAE for the city lookup, as is 'AE'; another country searches its cities.
    expect([isUaeCountry(''), isUaeCountry(null), isUaeCountry('united arab emirates'), isUaeCountry('AE')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isUaeCountry('United Kingdom')).toBe(false);
  });

  it('saves its custom fields with the project, an emptied one as null so the update clears it', () => {
    const body = toProjectBody({
      ...projectDefaults(),
      name: 'Creek Vista',
      slug: 'creek-vista',
      customFields: { view: 'Sea', floors: '' },
    });
    expect(body.customFields).toEqual({ view: 'Sea', floors: null });
    expect(ProjectInputSchema.safeParse(body).success).toBe(true);
    expect(toProjectBody({ name: 'A', slug: 'a' })).not.toHaveProperty('customFields');
  });

  it("refuses, in the browser, a payment plan that does not add up to 100% with the server's message", () => {
    const result = ProjectPaymentPlansInputSchema.safeParse({
      paymentPlans: [{ name: '40/60', milestones: [{ percentage: 40, dueAt: 'On booking' }] }],
    });
    expect(result.success).toBe(false);
    expect(fieldMessagesOf(result.error?.issues ?? [])).toEqual({
      'paymentPlans.0.milestones': ['The milestones of 40/60 must add up to 100%.'],
    });
  });

  it('filters by developer only when one is chosen, and reads back only a list of ids', () => {
    expect(PROJECT_EXTRA_FILTERS.conditions({ developers: [] })).toEqual([]);
    expect(PROJECT_EXTRA_FILTERS.conditions({ developers: [DEVELOPER] })).toEqual([{ developer: { $in: [DEVELOPER] } }]);
    expect(PROJECT_EXTRA_FILTERS.parse({ developers: [DEVELOPER] })).toEqual({ developers: [DEVELOPER] });
    expect(PROJECT_EXTRA_FILTERS.parse({ developers: 'x' })).toBeNull();
  });
});
