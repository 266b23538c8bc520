import type { ServerModule } from '../module.js';
import { customFieldResource } from './custom-field.resource.js';
import { customFieldValueDoors } from './custom-field-value.calls.js';

export const customFieldsModule: ServerModule = { name: 'customFields', calls: [customFieldValueDoors], resources: [customFieldResource] };
