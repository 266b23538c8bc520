import { CopyOutlined } from '@ant-design/icons';
import { LINKS, PROJECT_MESSAGES } from '@crm/domain';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { linkWithParams } from '../../kit/navigation/list-links';

/** Copies the project (every part, disabled) and opens the copy in the editor. */
export function DuplicateProjectButton({ id }: { id: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const duplicate = trpc.projects.duplicate.useMutation({ onSuccess: () => utils.projects.invalidate() });
  const run = () =>
    duplicate
      .mutateAsync({ id })
      .then(({ data }) => {
        void message.success(PROJECT_MESSAGES.duplicated);
        void navigate(linkWithParams(LINKS.projectUpdate(data._id), { ref: LINKS.project(data._id) }));
      })
      // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
      .catch(() => undefined);
  return (
    <Button icon={<CopyOutlined aria-hidden />} loading={duplicate.isPending} onClick={() => void run()}>
      Duplicate
    </Button>
  );
}
