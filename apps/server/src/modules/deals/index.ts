// The deals module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { type DealScope, myDealFigures, teamDealFigures } from './deal-home.service.js';
export { stageNamesOf } from './deal-pipeline.service.js';
export { openLeadDeal } from './deal-stage.service.js';
export { visibleDealsWhere } from './deal-visibility.js';
