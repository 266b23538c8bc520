import { UserOutlined } from '@ant-design/icons';
import { UpdateProfileInputSchema } from '@crm/domain';
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { trpc } from '../../app/trpc';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { PageHeader } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';
import { useProfile } from '../../kit/session/useProfile';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface ProfileFormValues {
  fullName: string;
}

export function ProfilePage() {
  const { message } = App.useApp();
  const { data: profile } = useProfile();
  const utils = trpc.useUtils();
  const update = trpc.profile.update.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const { rules, errors, formProps } = useCallForm({
    schema: UpdateProfileInputSchema,
    call: ({ fullName }: ProfileFormValues) => update.mutateAsync({ fullName }),
    // The header shows the new name by the time the message does.
    onDone: () => void utils.profile.get.invalidate().then(() => void message.success('Profile has been updated successfully')),
  });

  if (!profile) return <PageLoader />;

  return (
    <>
      <PageHeader title="Profile" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card>
            <Space orientation="vertical" align="center" style={{ width: '100%' }}>
              <Avatar size={88} src={profile.avatar?.file} icon={<UserOutlined />} />
              <Typography.Title level={4} style={{ margin: 0 }}>
                {profile.fullName}
              </Typography.Title>
              <Typography.Text type="secondary">{profile.email}</Typography.Text>
            </Space>
            <Descriptions column={1} size="small" style={{ marginTop: 24 }}>
              <Descriptions.Item label="Role">{profile.role.name}</Descriptions.Item>
              <Descriptions.Item label="Company">{profile.company.name}</Descriptions.Item>
              <Descriptions.Item label="Active asset">{profile.activeAsset?.name ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="Assets">
                <Space size={[4, 4]} wrap>
                  {profile.assets.map((asset) => (
                    <Tag key={asset._id}>{asset.name}</Tag>
                  ))}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="Edit profile">
            <ErrorList messages={errors} />
            <Form<ProfileFormValues>
              {...formProps}
              layout="vertical"
              initialValues={{ fullName: profile.fullName }}
              style={{ maxWidth: 480 }}
            >
              <Form.Item name="fullName" label="Full Name" required rules={rules('fullName')}>
                <Input autoComplete="name" />
              </Form.Item>
              {/* Not editable here, still labelled (WCAG 1.3.1, 4.1.2): a Form.Item without a name links no label itself. */}
              <Form.Item label="Email" htmlFor="profile-email">
                <Input id="profile-email" value={profile.email} disabled autoComplete="email" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                Save
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
