import type { ServerModule } from '../module.js';
import { customFieldResource } from './custom-field.resource.js';
import { customFieldRoutes } from './custom-fields.routes.js';

export const customFieldsModule: ServerModule = { name: 'customFields', routes: customFieldRoutes, resources: [customFieldResource] };
