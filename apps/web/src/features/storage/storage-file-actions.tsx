import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { MESSAGES, type StoredFileRow, storedFileContract } from '@crm/domain';
import { Button, Popconfirm, Tooltip } from 'antd';

interface StorageFileActionsProps {
  file: StoredFileRow;
  onHide: (hidden: boolean) => void;
  onRename: () => void;
  onRemove: () => Promise<void>;
}

const LABEL = storedFileContract.label.one;

/** A card's buttons on the Storage screen: hide or unhide, rename, remove (after MESSAGES.delete's confirmation). */
export function storageFileActions({ file, onHide, onRename, onRemove }: StorageFileActionsProps) {
  const name = file.name ?? '';
  const hideLabel = file.isHidden ? MESSAGES.storage.unhide(name) : MESSAGES.storage.hide(name);
  return [
    <Tooltip key="hide" title={hideLabel}>
      <Button
        type="text"
        aria-label={hideLabel}
        icon={file.isHidden ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        onClick={() => onHide(!file.isHidden)}
      />
    </Tooltip>,
    <Tooltip key="rename" title={MESSAGES.storage.edit(name)}>
      <Button type="text" aria-label={MESSAGES.storage.edit(name)} icon={<EditOutlined aria-hidden />} onClick={onRename} />
    </Tooltip>,
    <Popconfirm
      key="remove"
      title={MESSAGES.delete.confirm(LABEL)}
      description={MESSAGES.delete.irreversible}
      okText={MESSAGES.common.yes}
      cancelText={MESSAGES.common.no}
      okButtonProps={{ danger: true }}
      onConfirm={onRemove}
    >
      <Tooltip title={MESSAGES.storage.remove(name)}>
        <Button type="text" danger aria-label={MESSAGES.storage.remove(name)} icon={<DeleteOutlined aria-hidden />} />
      </Tooltip>
    </Popconfirm>,
  ];
}
