import { MESSAGES, type ApiKeyCreated } from '@crm/domain';
import { Alert, Modal, Typography } from 'antd';

/** The secret of a key just created: shown this once, with a copy button. */
export function ApiKeySecretModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  return (
    <Modal
      open={created !== null}
      title={MESSAGES.apiKey.created}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={MESSAGES.apiKey.secretOnce} style={{ marginBottom: 16 }} />
      {created && (
        <Typography.Paragraph
          copyable={{ text: created.key }}
          code
          style={{ wordBreak: 'break-all' }}
          aria-label={`API key ${created.name}`}
        >
          {created.key}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
