// The listings module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { demoListingAreas, seedDemoListings } from './listing.demo-seed.js';
export { listingResource } from './listing.resource.js';
