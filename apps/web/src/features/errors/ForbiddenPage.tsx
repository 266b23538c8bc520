import { MESSAGES, PATHS } from '@crm/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={MESSAGES.pages.forbidden}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.ROOT)}>
          {MESSAGES.pages.backToHome}
        </Button>
      }
    />
  );
}
