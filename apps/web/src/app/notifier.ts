import type { App } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

let api: MessageApi | null = null;

/** Lets code outside components (the global error handler) use antd's themed message API. */
export function bindNotifier(message: MessageApi) {
  api = message;
}

export const notifier = {
  error(content: string, key?: string) {
    void api?.open({ type: 'error', content, key });
  },
};
