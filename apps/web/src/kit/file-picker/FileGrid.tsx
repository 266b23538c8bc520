import { LIMITS, MESSAGES, type StoredFileRow } from '@crm/domain';
import { Alert, Col, Empty, Pagination, Row, Spin } from 'antd';
import type { ReactNode } from 'react';

interface FileGridProps {
  files: readonly StoredFileRow[];
  loading: boolean;
  error: string | null;
  total: number;
  page: number;
  pageSize?: number;
  onPage: (page: number) => void;
  renderCard: (file: StoredFileRow) => ReactNode;
}

const COLUMN_SPAN = 24 / LIMITS.FILE_PICKER_CARDS_PER_ROW;

/** A page of file cards, 4 a row on large screens, with the pages under it (docs/product.md 'File picker and uploads'). */
export function FileGrid({
  files,
  loading,
  error,
  total,
  page,
  pageSize = LIMITS.FILE_PICKER_PAGE_SIZE,
  onPage,
  renderCard,
}: FileGridProps) {
  if (error) return <Alert type="error" showIcon title={error} />;
  return (
    <Spin spinning={loading}>
      {files.length ? (
        <Row gutter={[16, 16]} role="list">
          {files.map((file) => (
            <Col key={file._id} xs={24} sm={12} md={8} lg={COLUMN_SPAN} role="listitem">
              {renderCard(file)}
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={loading ? ' ' : MESSAGES.upload.noFiles} style={{ padding: '32px 0' }} />
      )}
      {total > pageSize ? (
        <nav aria-label={MESSAGES.upload.pageLabel} style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }}>
          <Pagination current={page} pageSize={pageSize} total={total} showSizeChanger={false} onChange={onPage} />
        </nav>
      ) : null}
    </Spin>
  );
}
