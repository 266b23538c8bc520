import type { DealRecord, DealStage } from '@crm/domain';
import { Alert, Button, Select, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { LostReasonModal } from './LostReasonModal';

/** The deal page's stage move: the same call and answers as the board's (documents, reason, a won deal). */
export function DealStageControl({ deal, stages, onMoved }: { deal: DealRecord; stages: readonly DealStage[]; onMoved: () => void }) {
  const [target, setTarget] = useState<string>(deal.stage);
  const [closing, setClosing] = useState<DealStage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const move = trpc.deals.moveStage.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const send = async (stage: DealStage, lostReason?: string) => {
    setFailure(null);
    try {
      await move.mutateAsync({ id: deal._id, stage: stage.key, ...(lostReason ? { lostReason } : {}) });
      onMoved();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  };
  const chosen = stages.find((stage) => stage.key === target);
  return (
    <>
      <Space wrap>
        <label htmlFor="deal-stage-select">Stage</label>
        <Select
          id="deal-stage-select"
          style={{ width: 200 }}
          value={target}
          onChange={setTarget}
          options={stages.map((stage) => ({ value: stage.key, label: `${stage.name} (${stage.probability}%)` }))}
          disabled={deal.outcome === 'won'}
        />
        <Button
          type="primary"
          disabled={!chosen || chosen.key === deal.stage || deal.outcome === 'won'}
          loading={move.isPending}
          onClick={() => chosen && (chosen.outcome === 'lost' ? setClosing(chosen) : void send(chosen))}
        >
          Move
        </Button>
      </Space>
      {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon message={failure} role="alert" />}
      <LostReasonModal
        closing={closing ? { title: deal.title, stageName: closing.name } : null}
        onCancel={() => setClosing(null)}
        onClose={async (reason) => {
          if (!closing) return;
          await move.mutateAsync({ id: deal._id, stage: closing.key, lostReason: reason });
          setClosing(null);
          onMoved();
        }}
      />
    </>
  );
}
