import { systemLogContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// Admin > System logs: read-only, written by core/system-log.ts, served by the generic engine.
export const systemLogResource = defineResource(systemLogContract, { model: 'systemLog', tag: 'admin' });
