import type { AnyResourceContract } from '@crm/domain';
import { createContext, type ReactNode, useContext } from 'react';
import type { ResourceFormSpec } from './form-spec';

// The forms each feature declares, listed once by the app (apps/web/src/app/resource-forms.ts), so a screen of one
// feature opens another resource's form by contract (the lead form's 'Add New Customer' drawer) without importing
// that feature.

/** A declared form of any resource (each entry keeps its own contract's types). */
export interface RegisteredForm {
  contract: AnyResourceContract;
}

const FormsContext = createContext<readonly RegisteredForm[]>([]);

export function ResourceFormsProvider({ forms, children }: { forms: readonly RegisteredForm[]; children: ReactNode }) {
  return <FormsContext.Provider value={forms}>{children}</FormsContext.Provider>;
}

/** The declared form of a contract, or null when none is registered. */
export function useRegisteredForm<C extends AnyResourceContract>(contract: C): ResourceFormSpec<C> | null {
  const forms = useContext(FormsContext);
  const found = forms.find((entry) => entry.contract === contract);
  // Found by the contract object itself, so it was declared for this very contract.
  return found ? (found as unknown as ResourceFormSpec<C>) : null;
}
