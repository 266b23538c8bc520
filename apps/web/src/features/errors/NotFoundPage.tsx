import { MESSAGES, PATHS } from '@crm/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResultTitle } from '../../kit/page/ResultTitle';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<ResultTitle>404</ResultTitle>}
      subTitle={MESSAGES.pages.notFound}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.ROOT)}>
          {MESSAGES.pages.backToHome}
        </Button>
      }
    />
  );
}
