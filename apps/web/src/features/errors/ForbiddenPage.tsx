import { MESSAGES, PATHS } from '@crm/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResultTitle } from '../../kit/page/ResultTitle';

export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<ResultTitle>403</ResultTitle>}
      subTitle={MESSAGES.pages.forbidden}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.ROOT)}>
          {MESSAGES.pages.backToHome}
        </Button>
      }
    />
  );
}
