import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { Button, Form, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { toApiError } from '../api/api-error';
import { PageLoader } from '../page/PageLoader';
import { ErrorList } from './ErrorList';
import type { ResourceFormValues } from './form-spec';
import { ResourceFormContext } from './ResourceFormContext';
import type { ResourceFormState } from './useResourceForm';

interface ResourceFormProps<C extends AnyResourceContract> {
  state: ResourceFormState<C>;
  onCancel: () => void;
  children: ReactNode;
}

/** The form around a resource's fields: the errors above it, Save and Cancel below, loading and load failure. */
export function ResourceForm<C extends AnyResourceContract>({ state, onCancel, children }: ResourceFormProps<C>) {
  if (state.loading) return <PageLoader />;
  if (state.loadError) return <Result status="error" title={toApiError(state.loadError).message} />;
  if (!state.initialValues) return <PageLoader />;
  return (
    <ResourceFormContext.Provider value={state}>
      <Form<ResourceFormValues<C>>
        form={state.form}
        layout="vertical"
        initialValues={state.initialValues}
        onFinish={() => void state.submit()}
        onFinishFailed={state.focusFirstError}
        requiredMark
      >
        <ErrorList messages={state.errors} />
        {children}
        <Space>
          <Button type="primary" htmlType="submit" loading={state.saving}>
            {MESSAGES.record.save}
          </Button>
          <Button onClick={onCancel}>{MESSAGES.record.cancel}</Button>
        </Space>
      </Form>
    </ResourceFormContext.Provider>
  );
}
