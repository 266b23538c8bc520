import { useState } from 'react';

export type DrawerState = { open: false } | { open: true; mode: 'create' } | { open: true; mode: 'update'; id: string };

/** Which record a list screen's form drawer shows: none, a new one, or the record being edited. */
export function useDrawerState() {
  const [state, setState] = useState<DrawerState>({ open: false });
  return {
    state,
    create: () => setState({ open: true, mode: 'create' }),
    edit: (id: string) => setState({ open: true, mode: 'update', id }),
    close: () => setState({ open: false }),
  };
}
