// The UAE gazetteer every company starts with (place-seed.service.ts writes it into its Place table, where admins
// edit it): the seven emirates, their main cities, and the communities of Dubai with their sub-communities, as the
// Dubai Land Department and the portals name them. To extend it, add names here and bump PLACE_SEED_VERSION: each
// company gets the new ones on its next lookup (names it already has, even deleted, are left alone).

export const PLACE_SEED_VERSION = 1;

export interface SeedCommunity {
  name: string;
  subCommunities?: readonly string[];
}

export interface SeedCity {
  name: string;
  communities?: readonly SeedCommunity[];
}

export interface SeedEmirate {
  /** ISO 3166-2:AE subdivision code. */
  code: string;
  name: string;
  cities: readonly SeedCity[];
}

const c = (name: string, ...subCommunities: string[]): SeedCommunity => (subCommunities.length ? { name, subCommunities } : { name });

const DUBAI_COMMUNITIES: readonly SeedCommunity[] = [
  c('Al Barari', 'Ashwood', 'Seventh Heaven', 'The Reserve', 'The Nest'),
  c('Al Barsha', 'Al Barsha 1', 'Al Barsha 2', 'Al Barsha 3', 'Al Barsha South'),
  c('Al Furjan', 'Al Furjan West', 'Azizi Plaza', 'Murano Residences', 'Quortaj'),
  c('Al Jaddaf', 'Culture Village', 'Dubai Healthcare City Phase 2'),
  c('Al Sufouh', 'Al Sufouh 1', 'Al Sufouh 2'),
  c('Arabian Ranches', 'Alvorada', 'Al Reem', 'Mirador', 'Palmera', 'Saheel', 'Savannah'),
  c('Arabian Ranches 2', 'Azalea', 'Camelia', 'Lila', 'Rasha', 'Rosa', 'Samara'),
  c('Arabian Ranches 3', 'Bliss', 'Joy', 'Ruba', 'Spring', 'Sun'),
  c('Arjan', 'Dubai Miracle Garden', 'Lincoln Park'),
  c('Bluewaters Island', 'Bluewaters Residences', 'Caesars Palace'),
  c('Business Bay', 'Bay Square', 'Executive Towers', 'Peninsula', 'The Opus', 'Volante Tower'),
  c('City Walk', 'Building 12', 'Central Park', 'City Walk Northline'),
  c('Damac Hills', 'Artesia', 'Carson', 'Golf Promenade', 'The Trump Estates'),
  c('Damac Hills 2', 'Aster', 'Odora', 'Pacifica', 'Vardon'),
  c('Deira', 'Al Rigga', 'Al Muraqqabat', 'Port Saeed'),
  c('DIFC', 'Gate Village', 'Index Tower', 'Limestone House', 'Sky Gardens'),
  c('Downtown Dubai', 'Act One Act Two', 'Boulevard Point', 'Burj Khalifa', 'Burj Royale', 'Opera Grand', 'The Address Residences'),
  c('Dubai Creek Harbour', 'Creek Beach', 'Creek Rise', 'Harbour Gate', 'Palace Residences'),
  c('Dubai Harbour', 'Emaar Beachfront', 'Marina Vista', 'Sunrise Bay'),
  c('Dubai Hills Estate', 'Collective', 'Maple', 'Park Heights', 'Sidra 1', 'Sidra 2', 'Sidra 3'),
  c('Dubai Investments Park', 'DIP 1', 'DIP 2', 'Green Community'),
  c('Dubai Land', 'Al Habtoor Polo Resort', 'Living Legends', 'Villanova'),
  c('Dubai Marina', 'Cayan Tower', 'Elite Residence', 'Marina Gate 1', 'Marina Gate 2', 'Marina Promenade', 'Princess Tower'),
  c('Dubai Production City', 'Lakeside', 'Midtown'),
  c('Dubai Silicon Oasis', 'Cedre Villas', 'Silicon Gates'),
  c('Dubai South', 'Emaar South', 'MAG 5 Boulevard', 'The Pulse'),
  c('Dubai Sports City', 'Canal Residence', 'Elite Sports Residence', 'Victory Heights'),
  c('Emirates Hills', 'Sector E', 'Sector L', 'Sector P'),
  c('International City', 'China Cluster', 'England Cluster', 'France Cluster'),
  c('Jumeirah', 'Jumeirah 1', 'Jumeirah 2', 'Jumeirah 3'),
  c('Jumeirah Beach Residence', 'Amwaj', 'Bahar', 'Murjan', 'Rimal', 'Sadaf', 'Shams'),
  c('Jumeirah Golf Estates', 'Earth', 'Fire', 'Wildflower'),
  c('Jumeirah Islands', 'Entertainment Foyer', 'Garden Hall', 'Oasis Clusters'),
  c('Jumeirah Lake Towers', 'Cluster A', 'Cluster D', 'Cluster X', 'Mazaya Business Avenue'),
  c('Jumeirah Park', 'Legacy', 'Regional', 'Heritage'),
  c('Jumeirah Village Circle', 'District 10', 'District 11', 'District 12', 'District 15'),
  c('Jumeirah Village Triangle', 'District 2', 'District 4', 'District 7'),
  c('Meydan', 'District One', 'Meydan Avenue', 'Polo Residence'),
  c('Mohammed Bin Rashid City', 'District One', 'Sobha Hartland', 'The Crest'),
  c('Motor City', 'Green Community Motor City', 'Uptown Motor City'),
  c('Mudon', 'Arabella', 'Mudon Views', 'Rahat'),
  c('Palm Jumeirah', 'Frond G', 'Golden Mile', 'Oceana', 'Shoreline Apartments', 'Tiara Residences'),
  c('Tilal Al Ghaf', 'Elan', 'Harmony', 'Serenity'),
  c('The Greens', 'Al Alka', 'Al Ghozlan', 'Al Thayyal'),
  c('The Lakes', 'Deema', 'Forat', 'Ghadeer', 'Hattan'),
  c('The Meadows', 'Meadows 1', 'Meadows 2', 'Meadows 9'),
  c('The Springs', 'Springs 1', 'Springs 4', 'Springs 10'),
  c('The Valley', 'Eden', 'Talia'),
  c('The Views', 'Golf Tower', 'Mosela', 'Panorama'),
  c('Town Square', 'Hayat Townhouses', 'Safi', 'Zahra'),
];

export const UAE_PLACES_SEED: readonly SeedEmirate[] = [
  {
    code: 'AZ',
    name: 'Abu Dhabi',
    cities: [
      {
        name: 'Abu Dhabi',
        communities: [
          c('Al Raha Beach', 'Al Bandar', 'Al Muneera'),
          c('Al Reef'),
          c('Al Reem Island', 'Marina Square', 'Shams Abu Dhabi'),
          c('Corniche'),
          c('Khalifa City'),
          c('Masdar City'),
          c('Saadiyat Island', 'Mamsha Al Saadiyat', 'Saadiyat Beach'),
          c('Yas Island', 'Ansam', 'Mayan', 'Water’s Edge'),
        ],
      },
      { name: 'Al Ain' },
      { name: 'Ruwais' },
    ],
  },
  { code: 'AJ', name: 'Ajman', cities: [{ name: 'Ajman', communities: [c('Al Nuaimiya'), c('Al Rashidiya'), c('Emirates City')] }] },
  { code: 'DU', name: 'Dubai', cities: [{ name: 'Dubai', communities: DUBAI_COMMUNITIES }, { name: 'Hatta' }] },
  { code: 'FU', name: 'Fujairah', cities: [{ name: 'Fujairah' }, { name: 'Dibba Al Fujairah' }] },
  {
    code: 'RK',
    name: 'Ras Al Khaimah',
    cities: [{ name: 'Ras Al Khaimah', communities: [c('Al Hamra Village'), c('Al Marjan Island'), c('Mina Al Arab')] }],
  },
  {
    code: 'SH',
    name: 'Sharjah',
    cities: [
      { name: 'Sharjah', communities: [c('Al Khan'), c('Al Majaz'), c('Al Nahda'), c('Aljada'), c('Muwaileh')] },
      { name: 'Khor Fakkan' },
      { name: 'Kalba' },
    ],
  },
  { code: 'UQ', name: 'Umm Al Quwain', cities: [{ name: 'Umm Al Quwain' }] },
];
