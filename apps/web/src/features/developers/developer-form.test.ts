import { DeveloperInputSchema, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { developerDefaults, toDeveloperBody } from './developer-form';

const FILE_ID = '0b7c4a5e-0000-4000-8000-0000000000f1';

describe('the developer form', () => {
  it('sends an empty website, description or logo as none', () => {
    const body = toDeveloperBody({ ...developerDefaults(), name: 'Azure Bay' });
    expect(body).toEqual({ name: 'Azure Bay', logo: null, website: null, description: null });
    expect(DeveloperInputSchema.safeParse(body).success).toBe(true);
    expect(toDeveloperBody({ name: 'A', logo: FILE_ID, website: 'https://a.example.com' })).toMatchObject({ logo: FILE_ID });
  });

  it("refuses, in the browser, a website that is no web address with the server's message", () => {
    const result = DeveloperInputSchema.safeParse({ name: 'A', website: 'www.azure-bay' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(MESSAGES.record.invalidUrl('Website'));
    expect(DeveloperInputSchema.safeParse({ name: 'A', website: 'javascript:alert(1)' }).success).toBe(false);
  });
});
