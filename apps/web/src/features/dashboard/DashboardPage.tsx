import { Card, Descriptions, Typography } from 'antd';
import { PageLoader } from '../../kit/page/PageLoader';
import { useProfile } from '../../kit/session/useProfile';

export function DashboardPage() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Welcome, {profile.fullName}
      </Typography.Title>
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
