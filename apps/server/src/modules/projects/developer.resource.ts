import { developerContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { fileUrlColumn, STORED_FILE_COLUMNS } from '../storage/index.js';

const LOGO = { field: 'logo', column: 'logoUrl', label: 'Logo', image: true };

// Developers: the logo is a stored image; its URL is kept beside it for lists and the lead screens.
export const developerResource = defineResource(developerContract, {
  model: 'developer',
  refs: { logo: { model: 'storedFile' } },
  populate: { logo: { columns: STORED_FILE_COLUMNS } },
  hooks: {
    beforeCreate: (input) => fileUrlColumn(input, LOGO),
    beforeUpdate: (input) => fileUrlColumn(input, LOGO),
  },
});
