import { SettingOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button, Checkbox, Popover, Space } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { ColumnChoice } from './useColumnChooser';

/** Shows or hides a list's columns; the choice is kept for the screen (column-chooser.ts). Escape closes it. */
export function ColumnChooser({ columns }: { columns: ColumnChoice }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const visible = columns.all.filter((column) => !columns.hidden.includes(column.key));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    opener.current?.focus();
  };
  const content = (
    <Space orientation="vertical" size={4} role="group" aria-label={MESSAGES.list.columnsLabel} onKeyDown={onKeyDown}>
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
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button ref={opener} icon={<SettingOutlined />} data-testid="column-chooser" aria-expanded={open}>
        {MESSAGES.list.columns}
      </Button>
    </Popover>
  );
}
