import { useResourceFormContext } from './ResourceFormContext';

/** Whether a field of the surrounding ResourceForm is hidden from this caller (a sensitive field, on update). */
export function useFieldHidden(field: string): boolean {
  return useResourceFormContext().hidden(field);
}
