import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { backTarget } from './list-links';

/**
 * docs/product.md 'Screens and routes': shown only when the page was opened with a `ref` (or with a `fallback`, to force it);
 * goes back there with the params of `refparams`.
 */
export function BackButton({ fallback }: { fallback?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = backTarget(params, fallback);
  if (!target) return null;
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(target)} data-testid="back-button">
      Back
    </Button>
  );
}
