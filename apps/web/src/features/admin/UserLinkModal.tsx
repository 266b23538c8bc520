import { ADMIN_MESSAGES, formatInZone, type UserLink } from '@crm/domain';
import { Modal, Typography } from 'antd';
import { DATE_TIME_FORMAT } from '../../kit/display/field-text';

interface Props {
  /** The link just issued, and whether it is an invitation or a reset. */
  issued: { link: UserLink; kind: 'invite' | 'reset' } | null;
  onClose: () => void;
}

/** The single-use link an invitation or a reset answered, to copy and send (mail transport is separate). */
export function UserLinkModal({ issued, onClose }: Props) {
  const M = ADMIN_MESSAGES.user;
  const intro = issued && (issued.kind === 'invite' ? M.inviteLinkIntro : M.resetLinkIntro);
  return (
    <Modal
      open={issued !== null}
      title={issued?.kind === 'reset' ? M.resetPassword : M.invited}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      destroyOnHidden
    >
      {issued && intro && (
        <>
          <Typography.Paragraph>
            {intro(issued.link.user.email, formatInZone(issued.link.expiresAt, DATE_TIME_FORMAT))}
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: issued.link.link }} code style={{ wordBreak: 'break-all' }} data-testid="user-link">
            {issued.link.link}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
