import { SettingOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button, Checkbox, Popover, Space } from 'antd';
import type { ColumnChoice } from './useColumnChooser';

/** Shows or hides a list's columns; the choice is kept for the screen (column-chooser.ts). */
export function ColumnChooser({ columns }: { columns: ColumnChoice }) {
  const visible = columns.all.filter((column) => !columns.hidden.includes(column.key));
  const content = (
    <Space orientation="vertical" size={4} role="group" aria-label={MESSAGES.list.columnsLabel}>
      {columns.all.map((column) => {
        const shown = !columns.hidden.includes(column.key);
        return (
          <Checkbox
            key={column.key}
            checked={shown}
            // The last visible column stays.
            disabled={shown && visible.length === 1}
            onChange={() => columns.toggle(column.key)}
          >
            {column.title}
          </Checkbox>
        );
      })}
    </Space>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} data-testid="column-chooser">
        {MESSAGES.list.columns}
      </Button>
    </Popover>
  );
}
