import { Spin } from 'antd';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullScreen ? '100vh' : 320 }}>
      <Spin size="large" />
    </div>
  );
}
