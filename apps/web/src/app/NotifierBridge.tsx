import { App } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from './notifier';

export function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}
