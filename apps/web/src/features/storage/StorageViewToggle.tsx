import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Radio } from 'antd';
import type { StorageView } from './storage-view';

/** Grid or list: two radio buttons in a group named 'View as'. */
export function StorageViewToggle({ view, onChange }: { view: StorageView; onChange: (view: StorageView) => void }) {
  return (
    <Radio.Group
      role="radiogroup"
      aria-label={MESSAGES.storage.viewLabel}
      optionType="button"
      value={view}
      onChange={(event) => onChange(event.target.value === 'list' ? 'list' : 'grid')}
      options={[
        {
          value: 'grid',
          label: (
            <>
              <AppstoreOutlined aria-hidden /> {MESSAGES.storage.gridView}
            </>
          ),
        },
        {
          value: 'list',
          label: (
            <>
              <UnorderedListOutlined aria-hidden /> {MESSAGES.storage.listView}
            </>
          ),
        },
      ]}
    />
  );
}
