import { EditOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button, Tooltip } from 'antd';

/** A row's edit action when the form opens in a drawer (the kit's row actions link to an edit page). */
export function EditRowButton({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  const text = MESSAGES.list.edit(label, name);
  return (
    <Tooltip title={text}>
      <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={text} onClick={onClick} />
    </Tooltip>
  );
}
