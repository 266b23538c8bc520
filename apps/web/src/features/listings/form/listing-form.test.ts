import { ListingInputSchema } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { listingDefaults, toListingBody } from './listing-form';

const FILE_A = '0b7c4a5e-0000-4000-8000-0000000000a1';
const FILE_B = '0b7c4a5e-0000-4000-8000-0000000000b2';

describe('the listing form', () => {
  it('sends empty texts and references as none, and no rent frequency for a sale', () => {
    const body = toListingBody({ ...listingDefaults(), reference: 'L-1', title: '', owner: '', rentFrequency: 'Monthly' });
    expect(body).toMatchObject({ reference: 'L-1', title: null, owner: null, rentFrequency: null, leadType: 'Sale', status: 'Draft' });
    expect(ListingInputSchema.safeParse(body).success).toBe(true);
  });

  it('keeps the pictures in the order arranged and the cover picked', () => {
    const body = toListingBody({ ...listingDefaults(), reference: 'L-2', images: [FILE_B, FILE_A], cover: FILE_A });
    expect(body).toMatchObject({ images: [FILE_B, FILE_A], cover: FILE_A });
    expect(ListingInputSchema.safeParse(body).success).toBe(true);
    expect(ListingInputSchema.safeParse({ reference: 'L-3', images: [FILE_A, FILE_A] }).success).toBe(false);
  });
});
