import { Card, Descriptions } from 'antd';
import { PageTitle } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';
import { useProfile } from '../../kit/session/useProfile';

export function DashboardPage() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <PageTitle>Welcome, {profile.fullName}</PageTitle>
      </div>
      <Card>
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Active asset">{profile.activeAsset?.name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Role">{profile.role.name}</Descriptions.Item>
          <Descriptions.Item label="Company">{profile.company.name}</Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}
