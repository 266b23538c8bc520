import { App } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';

/** Marks a task done now (PATCH activities/{id} doneAt), then reads the list and the buckets again. */
export function useMarkDone() {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [saving, setSaving] = useState<string | null>(null);
  const update = trpc.activities.update.useMutation({
    onSuccess: () => {
      void message.success('Marked done.');
      void utils.activities.invalidate();
      void utils.home.invalidate();
    },
    onSettled: () => setSaving(null),
  });
  const markDone = (id: string) => {
    setSaving(id);
    update.mutate({ id, data: { doneAt: new Date().toISOString() } });
  };
  return { markDone, saving };
}
