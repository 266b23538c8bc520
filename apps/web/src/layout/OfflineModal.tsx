import { DisconnectOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Modal, Result } from 'antd';
import { useOnlineStatus } from './useOnlineStatus';

/** Full-screen, not dismissible: it closes by itself when the connection comes back. */
export function OfflineModal() {
  const online = useOnlineStatus();
  return (
    <Modal
      open={!online}
      footer={null}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width="100%"
      centered
      styles={{ container: { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 0 } }}
      style={{ maxWidth: '100vw', top: 0, padding: 0, margin: 0 }}
    >
      <Result status="warning" icon={<DisconnectOutlined />} title={MESSAGES.app.offline} />
    </Modal>
  );
}
