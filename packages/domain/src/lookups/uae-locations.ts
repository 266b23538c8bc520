// A small curated gazetteer of the UAE (no network, no maps service): the emirates, their main cities, and the
// best-known areas of Dubai and its neighbours, so the lead form's country/city/location selects have sensible
// options before an asset has listings there. The server merges these with the values found in the listings.

export const UAE_COUNTRY = { isoCode: 'AE', name: 'United Arab Emirates' } as const;

/** ISO 3166-2:AE subdivisions (the 'states' of the geo lookup). */
export const UAE_EMIRATES = [
  { isoCode: 'AZ', name: 'Abu Dhabi' },
  { isoCode: 'AJ', name: 'Ajman' },
  { isoCode: 'DU', name: 'Dubai' },
  { isoCode: 'FU', name: 'Fujairah' },
  { isoCode: 'RK', name: 'Ras Al Khaimah' },
  { isoCode: 'SH', name: 'Sharjah' },
  { isoCode: 'UQ', name: 'Umm Al Quwain' },
] as const;

export interface CuratedCity {
  name: string;
  /** The emirate (UAE_EMIRATES isoCode). */
  stateCode: string;
}

export const UAE_CITIES: readonly CuratedCity[] = [
  { name: 'Dubai', stateCode: 'DU' },
  { name: 'Hatta', stateCode: 'DU' },
  { name: 'Abu Dhabi', stateCode: 'AZ' },
  { name: 'Al Ain', stateCode: 'AZ' },
  { name: 'Ruwais', stateCode: 'AZ' },
  { name: 'Sharjah', stateCode: 'SH' },
  { name: 'Khor Fakkan', stateCode: 'SH' },
  { name: 'Kalba', stateCode: 'SH' },
  { name: 'Ajman', stateCode: 'AJ' },
  { name: 'Ras Al Khaimah', stateCode: 'RK' },
  { name: 'Fujairah', stateCode: 'FU' },
  { name: 'Dibba Al Fujairah', stateCode: 'FU' },
  { name: 'Umm Al Quwain', stateCode: 'UQ' },
];

export interface CuratedLocation {
  name: string;
  /** The community the portals file it under, when it differs from the location's name. */
  community?: string;
  subLocations?: readonly string[];
}

/** Locations by city name. */
export const UAE_LOCATIONS: Readonly<Record<string, readonly CuratedLocation[]>> = {
  Dubai: [
    { name: 'Al Barsha' },
    { name: 'Al Furjan' },
    { name: 'Al Jaddaf' },
    { name: 'Arabian Ranches', subLocations: ['Alvorada', 'Mirador', 'Saheel'] },
    { name: 'Arabian Ranches 2' },
    { name: 'Arjan' },
    { name: 'Bluewaters Island' },
    { name: 'Business Bay', subLocations: ['Bay Square', 'Executive Towers', 'Volante Tower'] },
    { name: 'City Walk', subLocations: ['Building 12', 'Central Park'] },
    { name: 'Damac Hills' },
    { name: 'Damac Hills 2' },
    { name: 'Deira' },
    { name: 'DIFC', subLocations: ['Gate Village 5', 'Index Tower', 'Sky Gardens'] },
    { name: 'Downtown Dubai', subLocations: ['Act One Act Two', 'Boulevard Point', 'Burj Khalifa', 'Burj Royale', 'Opera Grand'] },
    { name: 'Dubai Creek Harbour' },
    { name: 'Dubai Harbour', subLocations: ['Emaar Beachfront'] },
    { name: 'Dubai Hills Estate', community: 'Dubai Hills', subLocations: ['Maple', 'Park Heights', 'Sidra 1', 'Sidra 2', 'Sidra 3'] },
    { name: 'Dubai Investments Park' },
    {
      name: 'Dubai Marina',
      subLocations: ['Cayan Tower', 'Elite Residence', 'Marina Gate 1', 'Marina Gate 2', 'Marina Promenade', 'Princess Tower'],
    },
    { name: 'Dubai Silicon Oasis' },
    { name: 'Dubai South' },
    { name: 'Dubai Sports City' },
    { name: 'Emirates Hills' },
    { name: 'International City' },
    { name: 'Jumeirah' },
    { name: 'Jumeirah Beach Residence', community: 'JBR', subLocations: ['Amwaj 4', 'Bahar 1', 'Rimal 3', 'Sadaf 7', 'Shams 1'] },
    { name: 'Jumeirah Golf Estates' },
    { name: 'Jumeirah Lake Towers', community: 'JLT', subLocations: ['Cluster A', 'Cluster D', 'Mazaya Business Avenue'] },
    { name: 'Jumeirah Village Circle', community: 'JVC' },
    { name: 'Jumeirah Village Triangle', community: 'JVT' },
    { name: 'Meydan' },
    { name: 'Mohammed Bin Rashid City', community: 'MBR City' },
    { name: 'Motor City' },
    { name: 'Mudon' },
    { name: 'Palm Jumeirah', subLocations: ['Frond G', 'Golden Mile', 'Shoreline Apartments'] },
    { name: 'The Greens' },
    { name: 'The Lakes' },
    { name: 'The Meadows' },
    { name: 'The Springs', subLocations: ['The Springs 4'] },
    { name: 'Tilal Al Ghaf' },
    { name: 'Town Square' },
  ],
  'Abu Dhabi': [
    { name: 'Al Raha Beach' },
    { name: 'Al Reef' },
    { name: 'Al Reem Island', subLocations: ['Shams Abu Dhabi', 'Marina Square'] },
    { name: 'Corniche' },
    { name: 'Khalifa City' },
    { name: 'Masdar City' },
    { name: 'Saadiyat Island' },
    { name: 'Yas Island' },
  ],
  Sharjah: [{ name: 'Al Khan' }, { name: 'Al Majaz' }, { name: 'Al Nahda' }, { name: 'Aljada' }, { name: 'Muwaileh' }],
  Ajman: [{ name: 'Al Nuaimiya' }, { name: 'Al Rashidiya' }, { name: 'Emirates City' }],
  'Ras Al Khaimah': [{ name: 'Al Hamra Village' }, { name: 'Al Marjan Island' }, { name: 'Mina Al Arab' }],
};

/** Main cities of the countries most UAE buyers and tenants come from (a short list, not a gazetteer). */
export const MAJOR_CITIES: Readonly<Record<string, readonly string[]>> = {
  BH: ['Manama', 'Muharraq'],
  CN: ['Beijing', 'Guangzhou', 'Shanghai', 'Shenzhen'],
  DE: ['Berlin', 'Frankfurt', 'Hamburg', 'Munich'],
  EG: ['Alexandria', 'Cairo', 'Giza'],
  FR: ['Lyon', 'Nice', 'Paris'],
  GB: ['Birmingham', 'Edinburgh', 'London', 'Manchester'],
  IN: ['Bengaluru', 'Chennai', 'Delhi', 'Hyderabad', 'Kochi', 'Kolkata', 'Mumbai'],
  JO: ['Amman'],
  KW: ['Kuwait City'],
  LB: ['Beirut'],
  OM: ['Muscat', 'Salalah'],
  PK: ['Islamabad', 'Karachi', 'Lahore'],
  QA: ['Doha'],
  RU: ['Moscow', 'Saint Petersburg'],
  SA: ['Dammam', 'Jeddah', 'Khobar', 'Mecca', 'Medina', 'Riyadh'],
  TR: ['Ankara', 'Istanbul'],
  US: ['Chicago', 'Houston', 'Los Angeles', 'Miami', 'New York'],
};

/** The lead form loads locations by city text, initially this one. */
export const DEFAULT_LOCATION_CITY = 'dubai';

/** Case-insensitive lookup of a curated city's locations ('dubai' -> Dubai's). */
export function curatedLocationsOf(city: string | null | undefined): readonly CuratedLocation[] {
  const key = city?.trim().toLowerCase();
  if (!key) return [];
  const entry = Object.entries(UAE_LOCATIONS).find(([name]) => name.toLowerCase() === key);
  return entry?.[1] ?? [];
}
