import { Card, Empty } from 'antd';
import { PageHeader } from '../../kit/page/PageHeader';

/** A page of a capability not built yet: routed and guarded like the real one, with its title. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Empty description={`${title} will be available here soon.`} style={{ padding: '48px 0' }} />
      </Card>
    </>
  );
}
