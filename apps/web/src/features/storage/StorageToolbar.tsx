import { SearchOutlined } from '@ant-design/icons';
import { LIMITS, MESSAGES } from '@crm/domain';
import { Input, Select, Space, Switch } from 'antd';
import { type ReactNode, useId } from 'react';
import { trpc } from '../../app/trpc';

interface StorageToolbarProps {
  text: string;
  onText: (text: string) => void;
  category: string | undefined;
  onCategory: (category: string | undefined) => void;
  showHidden: boolean;
  onShowHidden: (show: boolean) => void;
  /** The grid or list toggle. */
  view?: ReactNode;
}

/** The Storage screen's filters: keyword search, category and 'Show hidden files'. */
export function StorageToolbar({ text, onText, category, onCategory, showHidden, onShowHidden, view }: StorageToolbarProps) {
  const switchId = useId();
  const categories = trpc.storage.distinct.useQuery({ field: 'category', filter: { limit: LIMITS.DISTINCT } });
  const options = (categories.data?.data ?? []).map((value) => ({ value: String(value), label: String(value) }));
  return (
    <Space wrap size={16} style={{ marginBottom: 16 }}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={MESSAGES.upload.searchPlaceholder}
        aria-label={MESSAGES.upload.searchLabel}
        value={text}
        onChange={(event) => onText(event.target.value)}
        style={{ width: 280 }}
      />
      <Select
        allowClear
        aria-label={MESSAGES.storage.categoryFilter}
        placeholder={MESSAGES.storage.allCategories}
        value={category}
        onChange={(value: string | undefined) => onCategory(value)}
        options={options}
        loading={categories.isFetching}
        style={{ minWidth: LIMITS.FILTER_DROPDOWN_MIN_WIDTH }}
      />
      <Space size={8}>
        <Switch id={switchId} checked={showHidden} onChange={onShowHidden} />
        <label htmlFor={switchId}>{MESSAGES.storage.showHidden}</label>
      </Space>
      {view}
    </Space>
  );
}
