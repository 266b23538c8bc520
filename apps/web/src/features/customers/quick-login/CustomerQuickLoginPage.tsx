import { formatInZone } from '@crm/domain';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { QUICK_LOGIN_TEXT } from './quick-login.text';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

const EXPIRY_FORMAT = 'DD MMM YYYY, HH:mm';

/**
 * The page a customer's quick-login link opens (POST customers/login-url makes the link): the server proves
 * the token (signature, expiry, the link not replaced or revoked, the customer's login on) and names the
 * customer. Any refusal reads the same, as the server words it.
 */
export function CustomerQuickLoginPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = trpc.customers.quickLogin.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // Once per token (React may run effects twice in development).
    if (!token || asked.current === token) return;
    asked.current = token;
    check.mutate({ token });
  }, [token, check]);

  let body: ReactNode;
  if (!token) body = <Result status="error" title={QUICK_LOGIN_TEXT.invalid} />;
  else if (check.isError) {
    const error = toApiError(check.error);
    // A refusal is final; a failure to reach the server may pass.
    const retry = error.statusCode === 0 || error.statusCode >= 500;
    body = (
      <Result
        status="error"
        title={retry ? error.message : QUICK_LOGIN_TEXT.invalid}
        extra={retry ? <Button onClick={() => check.mutate({ token })}>{QUICK_LOGIN_TEXT.retry}</Button> : undefined}
      />
    );
  } else if (check.data) {
    const { customer, expiresAt } = check.data.data;
    body = (
      <Result
        status="success"
        title={QUICK_LOGIN_TEXT.welcome(customer.fullName)}
        subTitle={QUICK_LOGIN_TEXT.details(customer.customerID, formatInZone(expiresAt, EXPIRY_FORMAT, undefined))}
      />
    );
  } else body = <Result icon={<Spin size="large" />} title={QUICK_LOGIN_TEXT.checking} />;

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 560 }}>{body}</Card>
    </div>
  );
}
