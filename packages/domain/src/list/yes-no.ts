/** A boolean as every screen and export shows it: 'Yes', or 'No' (for false and for no value). */
export function yesNo(value: boolean | null | undefined): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}
