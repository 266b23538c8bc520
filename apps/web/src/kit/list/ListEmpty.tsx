import { MESSAGES } from '@crm/domain';
import { Empty, Typography } from 'antd';

/** docs/product.md 'Lists': an empty table reads 'No {label} found', with a hint to change the filter or add one. */
export function ListEmpty({ label, error }: { label: string; error?: string | null }) {
  if (error) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="danger">{error}</Typography.Text>} />;
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{MESSAGES.common.emptyList(label)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{MESSAGES.common.emptyListHint}</Typography.Text>
        </>
      }
    />
  );
}
