import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { PageLoader } from '../page/PageLoader';
import { useGoBack } from './useGoBack';

/** Shows `message` as an error toast and goes back (a lead the page cannot update). */
export function LeaveWithMessage({ message }: { message: string }) {
  const { message: toast } = App.useApp();
  const goBack = useGoBack();
  const left = useRef(false);
  useEffect(() => {
    if (left.current) return;
    left.current = true;
    void toast.open({ type: 'error', content: message, key: 'lead-form-leave' });
    goBack();
  }, [goBack, message, toast]);
  return <PageLoader />;
}
