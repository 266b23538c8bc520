import { expect } from 'vitest';
import { apiToken } from './staff.js';

/**
 * Removes Property Finder from the admin's active asset, so a file that sets it up starts from nothing: two files of
 * the suite (integrations, portal intake) set it up on the same asset, and the run order of files is not fixed.
 */
export async function removePropertyFinder(baseUrl: string) {
  const token = await apiToken(baseUrl, 'admin@example.com');
  const call = (method: string, path: string) => fetch(`${baseUrl}/api/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const profile = (await (await call('GET', 'profile')).json()) as { data: { activeAsset: { _id: string } } };
  const asset = profile.data.activeAsset._id;
  // Each account in turn: the last one takes the integration with it.
  const accounts = (await (await call('GET', `assets/${asset}/integrations/multi-apps/propertyfinder`)).json()) as {
    data: { _id: string }[];
  };
  for (const account of accounts.data) {
    expect((await call('DELETE', `assets/${asset}/integrations/propertyfinder/${account._id}`)).status).toBe(200);
  }
}
