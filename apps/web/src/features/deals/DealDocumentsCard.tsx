import { type DealRecord, type DealStage, requiredDocumentsFor } from '@crm/domain';
import { AutoComplete, Button, Card, Form, List, Space, Tag, Typography } from 'antd';
import { trpc } from '../../app/trpc';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { FilePickerField } from '../../kit/file-picker';

interface NewDocument {
  file: string | null;
  kind: string;
}

/** The deal's documents from Storage, each of a kind; the kinds its next stages require are offered and marked. */
export function DealDocumentsCard({
  deal,
  stages,
  canEdit,
  onSaved,
}: {
  deal: DealRecord;
  stages: readonly DealStage[];
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<NewDocument>();
  const update = trpc.deals.update.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const won = stages.find((stage) => stage.outcome === 'won');
  const needed = won ? requiredDocumentsFor(stages, won.key) : [];
  const documents = deal.documents ?? [];
  const held = new Set(documents.map((document) => document.kind.toLowerCase()));
  const save = async (documents: { file: string; kind: string }[]) => {
    await update.mutateAsync({ id: deal._id, data: { documents } });
    form.resetFields();
    onSaved();
  };
  const current = documents.map(({ file, kind }) => ({ file, kind }));
  return (
    <Card title="Documents" style={{ marginBottom: 16 }} data-testid="deal-documents">
      {needed.length > 0 && (
        <Typography.Paragraph>
          Needed before it is won:{' '}
          {needed.map((kind) => (
            <Tag key={kind} color={held.has(kind.toLowerCase()) ? 'green' : 'orange'}>
              {kind}: {held.has(kind.toLowerCase()) ? 'held' : 'missing'}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      <List
        dataSource={documents}
        locale={{ emptyText: <Typography.Text type="secondary">No documents yet</Typography.Text> }}
        renderItem={(document) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button
                      key="remove"
                      size="small"
                      aria-label={`Remove ${document.name}`}
                      onClick={() => void save(current.filter((each) => each.file !== document.file))}
                    >
                      Remove
                    </Button>,
                  ]
                : []
            }
          >
            <Space>
              <Tag>{document.kind}</Tag>
              {document.url ? (
                <Typography.Link href={document.url} target="_blank" rel="noopener noreferrer">
                  {document.name}
                </Typography.Link>
              ) : (
                document.name
              )}
            </Space>
          </List.Item>
        )}
      />
      {canEdit && (
        <Form<NewDocument>
          form={form}
          layout="inline"
          style={{ marginTop: 12, rowGap: 8 }}
          onFinish={(values) => values.file && void save([...current, { file: values.file, kind: values.kind.trim() }])}
        >
          <Form.Item
            name="kind"
            label="Document type"
            rules={[{ required: true, whitespace: true, message: 'Document type is required.' }]}
          >
            <AutoComplete style={{ width: 200 }} options={needed.map((kind) => ({ value: kind }))} />
          </Form.Item>
          <Form.Item name="file" label="File" rules={[{ required: true, message: 'Choose a file.' }]}>
            <FilePickerField />
          </Form.Item>
          <Button htmlType="submit" loading={update.isPending}>
            Add document
          </Button>
        </Form>
      )}
    </Card>
  );
}
