import type { AnyResourceContract } from '@crm/domain';
import { ResourceDrawer } from '../../kit/form/ResourceDrawer';
import type { DrawerState } from './useDrawerState';

/** A FAQ screen's form (registered in src/app/resource-forms.ts) in the kit's drawer: a new record or an edit. */
export function FaqDrawer({ contract, state, onClose }: { contract: AnyResourceContract; state: DrawerState; onClose: () => void }) {
  return (
    <ResourceDrawer
      contract={contract}
      open={state.open}
      mode={state.open ? state.mode : 'create'}
      id={state.open && state.mode === 'update' ? state.id : undefined}
      onClose={onClose}
      onSaved={onClose}
    />
  );
}
