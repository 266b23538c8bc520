import type { AnyResourceContract } from '@crm/domain';
import { useState } from 'react';
import { ResourceDrawer } from '../../kit/form/ResourceDrawer';

export type DrawerState = { open: false } | { open: true; mode: 'create' } | { open: true; mode: 'update'; id: string };

/** Which record a team screen's drawer shows: none, a new one, or the record being edited. */
export function useTeamDrawer() {
  const [state, setState] = useState<DrawerState>({ open: false });
  return {
    state,
    create: () => setState({ open: true, mode: 'create' }),
    edit: (id: string) => setState({ open: true, mode: 'update', id }),
    close: () => setState({ open: false }),
  };
}

/** A team form (registered in src/app/resource-forms.ts) in the kit's drawer. */
export function TeamDrawer({ contract, state, onClose }: { contract: AnyResourceContract; state: DrawerState; onClose: () => void }) {
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
