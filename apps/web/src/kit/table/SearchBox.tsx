import { MESSAGES } from '@crm/domain';
import { Input } from 'antd';

/** The list's search box (docs/product.md 'Lists'): what is typed shows at once; the request waits 500 ms. */
export function SearchBox({ labelMany, value, onChange }: { labelMany: string; value: string; onChange: (text: string) => void }) {
  const label = MESSAGES.list.searchLabel(labelMany);
  return (
    <Input.Search
      aria-label={label}
      placeholder={label}
      allowClear
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onSearch={onChange}
      style={{ width: 280 }}
      data-testid="list-search"
    />
  );
}
