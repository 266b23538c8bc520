import {
  type MemberPasswordInput,
  MemberPasswordInputSchema,
  MEMBER_INTEGRATIONS,
  MEMBER_MESSAGES,
  type MemberIntegration,
  type MemberWhatsappConfigInput,
  MemberWhatsappConfigInputSchema,
  MemberWhatsappSettingsSchema,
  USER_MANAGEMENT_MESSAGES,
} from '@crm/domain';
import { Alert, App, Button, Card, Form, Input, Space, Switch, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { passwordPolicyRule } from '../../kit/form/password-policy-rule';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const CARD = { style: { marginBottom: 16 } } as const;

interface MemberFacts {
  _id: string;
  user?: string | null;
  whatsappCode?: string | null;
  whatsappNumber?: string | null;
  whatsappConfig?: unknown;
}

/** The one-time sign-in link: create (shown once, to copy) or revoke the live ones. */
function LoginLinkCard({ member }: { member: MemberFacts }) {
  const { message } = App.useApp();
  const create = trpc.members.createLoginUrl.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const revoke = trpc.members.revokeLoginUrl.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };
  return (
    <Card title="Sign-in link" {...CARD}>
      {!member.user && <Alert type="info" showIcon title={MEMBER_MESSAGES.noLogin} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
      {url && (
        <Typography.Paragraph copyable={{ text: url }} data-testid="member-login-url">
          {url}
        </Typography.Paragraph>
      )}
      <Space wrap>
        <Button
          disabled={!member.user}
          loading={create.isPending}
          onClick={() => void run(async () => setUrl((await create.mutateAsync({ member: member._id })).data.url))}
        >
          Create sign-in link
        </Button>
        <Button
          loading={revoke.isPending}
          onClick={() =>
            void run(async () => {
              await revoke.mutateAsync({ id: member._id });
              setUrl(null);
              void message.success(MEMBER_MESSAGES.linkRevoked);
            })
          }
        >
          Revoke links
        </Button>
      </Space>
    </Card>
  );
}

/** PATCH whatsapp-config/{id}: the number and the website button. */
function WhatsappCard({ member }: { member: MemberFacts }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const save = trpc.members.updateWhatsappConfig.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const settings = MemberWhatsappSettingsSchema.safeParse(member.whatsappConfig);
  const { rules, errors, formProps } = useCallForm({
    schema: MemberWhatsappConfigInputSchema,
    call: (values: MemberWhatsappConfigInput) => save.mutateAsync({ ...values, id: member._id }),
    onDone: () => {
      void message.success('WhatsApp settings saved');
      void utils.members.invalidate();
    },
  });
  return (
    <Card title="WhatsApp" {...CARD}>
      <ErrorList messages={errors} />
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{
          enabled: settings.success ? settings.data.enabled : false,
          greeting: settings.success ? settings.data.greeting : null,
          whatsappCode: member.whatsappCode ?? '',
          whatsappNumber: member.whatsappNumber ?? '',
        }}
      >
        <Form.Item name="enabled" label="WhatsApp on" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="whatsappCode" label="WhatsApp code" rules={rules('whatsappCode')}>
            <Input inputMode="tel" autoComplete="off" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="whatsappNumber" label="WhatsApp number" rules={rules('whatsappNumber')}>
            <Input inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Space>
        <Form.Item name="greeting" label="Greeting" rules={rules('greeting')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save WhatsApp
        </Button>
      </Form>
    </Card>
  );
}

/** PATCH {id}/update-password: the password policy applies; only for members with a login. */
function PasswordCard({ member }: { member: MemberFacts }) {
  const { message } = App.useApp();
  const save = trpc.members.updatePassword.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const { form, rules, errors, formProps } = useCallForm({
    schema: MemberPasswordInputSchema,
    call: (values: MemberPasswordInput) => save.mutateAsync({ ...values, id: member._id }),
    onDone: () => {
      form.resetFields();
      void message.success(MEMBER_MESSAGES.passwordUpdated);
    },
  });
  return (
    <Card title="Password" {...CARD}>
      <ErrorList messages={errors} />
      <Form {...formProps} layout="vertical" disabled={!member.user}>
        <Form.Item name="password" label="New password" validateFirst rules={[...rules('password'), passwordPolicyRule()]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Update password
        </Button>
      </Form>
    </Card>
  );
}

const SYNC_POLL_MS = 1000;
const SYNC_ALERT = { completed: 'success', failed: 'error', queued: 'info', running: 'info', retrying: 'warning' } as const;

/** The members run a sync started, followed until it ends (GET sync-runs/{id} every second). */
function MemberSyncRun({ runId, provider, onDone }: { runId: string; provider: string; onDone: () => void }) {
  const query = trpc.members.syncRun.useQuery(
    { id: runId },
    {
      refetchInterval: (q) => {
        const status = q.state.data?.data.status;
        return status === 'completed' || status === 'failed' ? false : SYNC_POLL_MS;
      },
      retry: false,
    },
  );
  const run = query.data?.data;
  const ended = run?.status === 'completed' || run?.status === 'failed';
  useEffect(() => {
    if (ended) onDone();
  }, [ended, onDone]);
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  const status = run?.status ?? 'queued';
  return (
    <Alert
      type={SYNC_ALERT[status]}
      showIcon
      title={`${provider}: ${MEMBER_MESSAGES.syncStates[status]}`}
      description={run?.error ?? (status === 'completed' && run ? MEMBER_MESSAGES.syncCounts(run.counts) : undefined)}
      data-testid="member-sync-run"
      data-status={status}
    />
  );
}

/**
 * PATCH sync-now/{id}: the member from the asset's CRM (Goyzer or Engage), as a run the card follows. While none is
 * set up and on, the server's 409 says which and why; that message is shown as it is.
 */
function SyncCard({ member }: { member: MemberFacts }) {
  const utils = trpc.useUtils();
  const sync = trpc.members.syncNow.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<{ runId: string; provider: string } | null>(null);
  const refresh = useCallback(() => void utils.members.invalidate(), [utils]);
  const start = async () => {
    setError(null);
    setRun(null);
    try {
      const answer = await sync.mutateAsync({ id: member._id });
      const label = MEMBER_INTEGRATIONS[answer.data.provider as MemberIntegration] ?? answer.data.provider;
      setRun({ runId: answer.data.runId, provider: label });
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };
  return (
    <Card title="CRM sync" {...CARD}>
      <div aria-live="polite" style={{ marginBottom: error || run ? 12 : 0 }}>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        {run && <MemberSyncRun key={run.runId} runId={run.runId} provider={run.provider} onDone={refresh} />}
      </div>
      <Button loading={sync.isPending} onClick={() => void start()}>
        Sync from CRM
      </Button>
    </Card>
  );
}

/**
 * Whether the caller may act on the member's login (its password, sign-in links, WhatsApp): the server's answer for
 * that account (GET teams/members/users?include), since the rule reads the account's role. Undefined while asked.
 */
function useLoginInReach(member: MemberFacts): boolean | undefined {
  const userId = member.user ?? undefined;
  // The same question the member form's User asks (one cached answer for both).
  const query = trpc.members.userOptions.useQuery(userId ? { include: userId } : {}, { enabled: Boolean(userId) });
  if (!userId) return true;
  if (!query.data) return query.isError ? false : undefined;
  return query.data.data.find((user) => user._id === userId)?.manageable ?? false;
}

/** The member page's actions of docs/api.md 'Team members'; those on the login only when the caller may act on it. */
export function MemberActions({ member }: { member: MemberFacts }) {
  const inReach = useLoginInReach(member);
  return (
    <>
      <SyncCard member={member} />
      {inReach === false && (
        <Alert
          type="info"
          showIcon
          title={USER_MANAGEMENT_MESSAGES.memberLoginOutranks}
          style={{ marginBottom: 16 }}
          data-testid="member-login-out-of-reach"
        />
      )}
      {inReach && (
        <>
          <LoginLinkCard member={member} />
          <WhatsappCard member={member} />
          <PasswordCard member={member} />
        </>
      )}
    </>
  );
}
