import { MESSAGES, PATHS } from '@crm/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={MESSAGES.pages.notFound}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.ROOT)}>
          {MESSAGES.pages.backToHome}
        </Button>
      }
    />
  );
}
