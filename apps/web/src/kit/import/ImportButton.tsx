import { UploadOutlined } from '@ant-design/icons';
import { type AnyResourceContract, IMPORT_TEXT as T } from '@crm/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useResourcePermissions } from '../resource/useResourcePermissions';
import { ImportWizard } from './ImportWizard';

/** A list screen's 'Import' button (with the contract's create permission only) and its wizard. */
export function ImportButton({ contract }: { contract: AnyResourceContract }) {
  const permissions = useResourcePermissions(contract);
  const [open, setOpen] = useState(false);
  if (!permissions.create) return null;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid={`${contract.name}-import`}>
        {T.button}
      </Button>
      <ImportWizard contract={contract} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
