import { AutoComplete } from 'antd';
import { useMemo } from 'react';
import { useCities } from './useGeoLookups';

interface CityAutoCompleteProps {
  /** The record's country: the UAE's cities are the company's places, another country's are searched by name. */
  country: string | null | undefined;
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

/** A city typed or picked among the country's (the lookups the lead form uses); a city not offered may be typed. */
export function CityAutoComplete({ country, value, onChange, id }: CityAutoCompleteProps) {
  const { cities, onSearch } = useCities(country);
  const options = useMemo(() => cities.map((city) => ({ value: city })), [cities]);
  return (
    <AutoComplete
      {...(id ? { id } : {})}
      value={value ?? ''}
      onChange={(next: string) => onChange?.(next)}
      options={options}
      showSearch={onSearch ? { onSearch, filterOption: true } : { filterOption: true }}
    />
  );
}
