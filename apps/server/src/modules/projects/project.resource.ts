import { projectContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const projectResource = defineResource(projectContract, { model: 'project', refs: { developer: { model: 'developer' } } });
