import { accessLogContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const accessLogResource = defineResource(accessLogContract, { model: 'accessLog', tag: 'admin' });
