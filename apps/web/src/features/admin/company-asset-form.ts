import { companyAssetContract, type ContractRecord } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { CompanyAssetFormFields } from './CompanyAssetFormFields';

// Admin > Assets' form: name, timezone and currency, checked with the contract's schema in the browser too.

type CompanyAssets = typeof companyAssetContract;

export const companyAssetForm = defineResourceForm({
  contract: companyAssetContract,
  Fields: CompanyAssetFormFields,
  defaults: (): ResourceFormValues<CompanyAssets> => ({ name: '', timezone: 'Asia/Dubai', currencyCode: 'AED' }),
  fromRecord: (asset: ContractRecord<CompanyAssets>) => ({ name: asset.name, timezone: asset.timezone, currencyCode: asset.currencyCode }),
});
