import {
  AppstoreOutlined,
  ContactsOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  LikeOutlined,
  LogoutOutlined,
  NotificationOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// The domain's menu names its icons; only these are bundled (importing the whole icon set would not tree-shake).
const ICONS: Record<string, ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  ContactsOutlined: <ContactsOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  FormOutlined: <FormOutlined />,
  SendOutlined: <SendOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  TeamOutlined: <TeamOutlined />,
  QuestionCircleOutlined: <QuestionCircleOutlined />,
  LikeOutlined: <LikeOutlined />,
  FieldTimeOutlined: <FieldTimeOutlined />,
  SolutionOutlined: <SolutionOutlined />,
  ReadOutlined: <ReadOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  PictureOutlined: <PictureOutlined />,
  SettingOutlined: <SettingOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  UserOutlined: <UserOutlined />,
  LogoutOutlined: <LogoutOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined />;
}
