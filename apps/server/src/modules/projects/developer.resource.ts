import { developerContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { STORED_FILE_COLUMNS } from '../storage/storage.resource.js';

export const developerResource = defineResource(developerContract, {
  model: 'developer',
  refs: { logo: { model: 'storedFile' } },
  populate: { logo: { columns: STORED_FILE_COLUMNS } },
});
