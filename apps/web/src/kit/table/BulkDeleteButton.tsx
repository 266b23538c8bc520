import { DeleteOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button } from 'antd';

/** Deletes the selected rows, after one confirmation; shown while rows are selected. */
export function BulkDeleteButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count === 0) return null;
  return (
    <Button danger icon={<DeleteOutlined />} onClick={onClick} data-testid="bulk-delete">
      {MESSAGES.list.deleteSelected(count)}
    </Button>
  );
}
