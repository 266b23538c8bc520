import { APP } from '@crm/domain';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { sessionStore } from '../../kit/session/session';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

/**
 * /auth/member-link?token=: the page a member's one-time sign-in link opens. The link is spent only by the button,
 * so a mail scanner or a preview that opens the page cannot use it up; the guest guard then moves on.
 */
export function MemberLinkSignInPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const signIn = trpc.members.signInWithLink.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const submit = async () => {
    setError(null);
    try {
      const answer = await signIn.mutateAsync({ token });
      sessionStore.login(answer.data, 'session');
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {APP.NAME}
        </Typography.Title>
        <Typography.Paragraph>This link signs you in once. It stops working after you use it.</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Button type="primary" block size="large" loading={signIn.isPending} disabled={!token} onClick={() => void submit()}>
          Sign in
        </Button>
      </Card>
    </main>
  );
}
