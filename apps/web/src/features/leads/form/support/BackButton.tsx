import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useGoBack } from './useGoBack';

export function BackButton({ fallback }: { fallback?: string }) {
  const goBack = useGoBack(fallback);
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
      Back
    </Button>
  );
}
