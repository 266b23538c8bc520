export interface PhoneCodeOption {
  value: string;
  label: string;
  /** Every country name sharing the code, for the select's search. */
  search: string;
}

/** One option per dialling code ('+1' is the US, Canada and more), in the countries' (name) order. */
export function phoneCodeOptions(countries: readonly { name: string; phoneCode: string }[]): PhoneCodeOption[] {
  const names = new Map<string, string[]>();
  for (const country of countries) names.set(country.phoneCode, [...(names.get(country.phoneCode) ?? []), country.name]);
  return [...names].map(([code, list]) => ({
    value: code,
    label: `${code} ${list.slice(0, 2).join(', ')}${list.length > 2 ? ', …' : ''}`,
    search: `${code} ${list.join(' ')}`,
  }));
}
