import type { AnyResourceContract } from '@crm/domain';
import { ResourceDrawer } from './ResourceDrawer';
import type { DrawerState } from './useDrawerState';

/** A list screen's form (registered in src/app/resource-forms.ts) in the kit's drawer: a new record or an edit (useDrawerState). */
export function RecordDrawer({ contract, state, onClose }: { contract: AnyResourceContract; state: DrawerState; onClose: () => void }) {
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
