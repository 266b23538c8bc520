import { type AnyResourceContract, type ContractRecord, MESSAGES } from '@crm/domain';
import { Drawer } from 'antd';
import { useId } from 'react';
import { useReturnFocus } from '../a11y/useReturnFocus';
import { useTabWrap } from '../a11y/useTabWrap';
import type { FormMode, ResourceFormSpec } from './form-spec';
import { ResourceFormPanel } from './ResourceFormPanel';
import { useRegisteredForm } from './ResourceFormsProvider';

interface ResourceDrawerProps<C extends AnyResourceContract> {
  contract: C;
  open: boolean;
  mode?: FormMode;
  /** The record to update. */
  id?: string | undefined;
  onClose: () => void;
  onSaved: (record: ContractRecord<C>) => void;
  /** A form of this screen's own (a viewing of this lead) instead of the one registered for the contract. */
  spec?: ResourceFormSpec<C> | undefined;
}

/**
 * A resource's declared form in a right-hand drawer, 60% wide, that a click on the mask does not close
 * (docs/product.md 'Screens and routes'); Escape closes it and focus returns to the button that opened it.
 */
export function ResourceDrawer<C extends AnyResourceContract>({
  contract,
  open,
  mode = 'create',
  id,
  onClose,
  onSaved,
  spec: own,
}: ResourceDrawerProps<C>) {
  const registered = useRegisteredForm(contract);
  const spec = own ?? registered;
  if (!spec) throw new Error(`No form is registered for '${contract.name}' (apps/web/src/app/resource-forms.ts)`);
  const label = contract.label.one;
  const returnFocus = useReturnFocus(open);
  const rootClass = `crm-drawer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useTabWrap(open, `.${rootClass} .ant-drawer-section`);
  return (
    <Drawer
      title={mode === 'create' ? MESSAGES.record.addTitle(label) : MESSAGES.record.updateTitle(label)}
      rootClassName={rootClass}
      placement="right"
      size="60%"
      open={open}
      onClose={onClose}
      mask={{ closable: false }}
      keyboard
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(visible) => {
        if (!visible) returnFocus();
      }}
      destroyOnHidden
    >
      <ResourceFormPanel key={id ?? 'new'} spec={spec} mode={mode} id={id} onSaved={onSaved} onCancel={onClose} />
    </Drawer>
  );
}
