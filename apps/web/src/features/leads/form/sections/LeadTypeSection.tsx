import { FORM_LEAD_TYPE, FORM_LEAD_TYPE_LABELS, FORM_LEAD_TYPES } from '@crm/domain';
import { Form, Radio } from 'antd';
import type { LeadFormController } from '../hooks/useLeadFormController';
import { leadRules } from '../lead-form-rules';
import type { ListingOption, LockedLeadField } from '../lead-form-values';
import { ListingSelect } from './ListingSelect';
import { ProjectSelect } from './ProjectSelect';

interface LeadTypeSectionProps {
  controller: LeadFormController;
  locked: ReadonlySet<LockedLeadField>;
  currentListing?: ListingOption | undefined;
}

/** Listing, Off Plan or General, and the listing or project the lead is about. */
export function LeadTypeSection({ controller, locked, currentListing }: LeadTypeSectionProps) {
  const type = Form.useWatch('type');
  // Changing the type clears the listing and project: not possible once either is locked.
  const typeLocked = locked.has('listing') || locked.has('campaignName');
  return (
    <>
      <Form.Item name="type" label="Type" rules={leadRules('type')}>
        <Radio.Group
          disabled={typeLocked}
          optionType="button"
          buttonStyle="solid"
          options={FORM_LEAD_TYPES.map((value) => ({ value, label: FORM_LEAD_TYPE_LABELS[value] }))}
        />
      </Form.Item>
      {type === FORM_LEAD_TYPE.LISTING && (
        <Form.Item name="listing" label="Listing" required rules={leadRules('listing')}>
          <ListingSelect onPick={controller.selectListing} current={currentListing} disabled={locked.has('listing')} />
        </Form.Item>
      )}
      {type === FORM_LEAD_TYPE.OFFPLAN && (
        <Form.Item name="campaignName" label="Project" required rules={leadRules('campaignName')}>
          <ProjectSelect onPick={controller.selectProject} disabled={locked.has('campaignName')} />
        </Form.Item>
      )}
    </>
  );
}
