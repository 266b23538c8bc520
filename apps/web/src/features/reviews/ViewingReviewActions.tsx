import { VIEWING_REVIEW_MESSAGES as M, type ViewingReviewRecord } from '@crm/domain';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';

type Review = Pick<ViewingReviewRecord, '_id' | 'disputeState'> & { rating?: number | null };
type Dialog = { kind: 'dispute' } | { kind: 'resolve'; outcome: 'uphold' | 'remove' } | null;

/**
 * A viewing review's actions (docs/product.md 'Viewing reviews'): its agent disputes it with a reason
 * (`mayDispute`); a manager upholds or removes a disputed one, with a note (`mayResolve`). Each asks in a dialog.
 */
export function ViewingReviewActions({ review, mayDispute, mayResolve }: { review: Review; mayDispute: boolean; mayResolve: boolean }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (note: string) => {
    void utils.viewingReviews.invalidate();
    setDialog(null);
    setText('');
    void message.success(note);
  };
  const failed = (error: { message: string }) => setProblem(error.message);
  const dispute = trpc.viewingReviews.dispute.useMutation({ onSuccess: () => done(M.disputed), onError: failed });
  const resolve = trpc.viewingReviews.resolve.useMutation({
    onSuccess: (_, input) => done(input.outcome === 'uphold' ? M.upheld : M.removed),
    onError: failed,
  });
  const stars = review.rating ? ` (${M.stars(review.rating)})` : '';
  const canDispute = mayDispute && review.disputeState === 'none';
  const canResolve = mayResolve && review.disputeState === 'disputed';
  if (!canDispute && !canResolve) return null;

  const open = (next: Dialog) => {
    setProblem(null);
    setText('');
    setDialog(next);
  };
  const confirm = () => {
    if (dialog?.kind === 'dispute') {
      if (!text.trim()) return setProblem(M.reasonRequired);
      dispute.mutate({ id: review._id, reason: text.trim() });
    } else if (dialog?.kind === 'resolve') resolve.mutate({ id: review._id, outcome: dialog.outcome, note: text.trim() || null });
  };
  const title = dialog?.kind === 'resolve' ? M.resolveTitle(dialog.outcome) : M.disputeTitle;
  const label = dialog?.kind === 'resolve' ? M.resolveNote : M.disputeReason;

  return (
    <>
      <Space size={4}>
        {canDispute ? (
          <Button size="small" onClick={() => open({ kind: 'dispute' })} aria-label={`${M.dispute}${stars}`}>
            {M.dispute}
          </Button>
        ) : null}
        {canResolve ? (
          <>
            <Button size="small" onClick={() => open({ kind: 'resolve', outcome: 'uphold' })} aria-label={`${M.uphold}${stars}`}>
              {M.uphold}
            </Button>
            <Button size="small" danger onClick={() => open({ kind: 'resolve', outcome: 'remove' })} aria-label={`${M.remove}${stars}`}>
              {M.remove}
            </Button>
          </>
        ) : null}
      </Space>
      <Modal
        open={dialog !== null}
        title={title}
        okText={dialog?.kind === 'resolve' ? (dialog.outcome === 'uphold' ? M.uphold : M.remove) : M.dispute}
        okButtonProps={{ danger: dialog?.kind === 'resolve' && dialog.outcome === 'remove' }}
        confirmLoading={dispute.isPending || resolve.isPending}
        onOk={confirm}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={label}
            htmlFor="viewing-review-action-text"
            required={dialog?.kind === 'dispute'}
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? undefined}
          >
            <Input.TextArea
              id="viewing-review-action-text"
              rows={3}
              maxLength={1000}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
