import { Space } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { SecuritySettingsCard } from './SecuritySettingsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** /admin/settings: the company's security settings, and the admin's own two-factor sign-in. */
export function CompanySettingsPage() {
  return (
    <ResourcePage title="Settings">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <SecuritySettingsCard />
        <TwoFactorCard />
      </Space>
    </ResourcePage>
  );
}
