import type { AnyResourceContract } from '@crm/domain';
import type { FormRule } from 'antd';
import { createContext, useContext } from 'react';

/** What a ResourceFormItem reads from the form it belongs to (set by ResourceForm). */
export interface FormItemContext {
  contract: AnyResourceContract;
  rules(field: string): FormRule[];
  hidden(field: string): boolean;
}

export const ResourceFormContext = createContext<FormItemContext | null>(null);

export function useResourceFormContext(): FormItemContext {
  const state = useContext(ResourceFormContext);
  if (!state) throw new Error('ResourceFormItem is used outside a ResourceForm');
  return state;
}
