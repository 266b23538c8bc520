import { Select } from 'antd';
import { useMemo } from 'react';
import { useCountries } from './useGeoLookups';

interface CountrySelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * A country picked by name from the countries lookup the lead form uses (every country, sorted by name); a stored
 * name the list lacks still shows as itself. Cleared, it is none.
 */
export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const { countries, loading } = useCountries();
  const options = useMemo(() => {
    const names = [...new Set(countries.map((country) => country.name))].map((name) => ({ value: name, label: name }));
    return value && !names.some((option) => option.value === value) ? [{ value, label: value }, ...names] : names;
  }, [countries, value]);
  return (
    <Select<string>
      {...props}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
    />
  );
}
