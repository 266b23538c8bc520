// The forms' defaults: the UAE is the default country and Dubai the default city. The UAE's emirates, cities and
// communities are the company's places (place.contract.ts), seeded on the server.

export const UAE_COUNTRY = { isoCode: 'AE', name: 'United Arab Emirates' } as const;

/** The lead form loads locations by city text, initially this one. */
export const DEFAULT_LOCATION_CITY = 'dubai';
