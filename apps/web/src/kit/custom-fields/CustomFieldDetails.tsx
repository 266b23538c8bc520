import { type CustomFieldKind, customValueText, MESSAGES } from '@crm/domain';
import { Card, Descriptions } from 'antd';
import { useCustomFieldDefinitions } from './useCustomFieldDefinitions';

interface CustomFieldDetailsProps {
  kind: CustomFieldKind;
  /** The record's `customFields`. */
  values: Readonly<Record<string, unknown>> | null | undefined;
}

/**
 * A record's custom field values on its detail page: a 'Custom Fields' card, one line per enabled definition in its
 * order (a field without a value shows the empty mark); nothing when the asset defines none.
 */
export function CustomFieldDetails({ kind, values }: CustomFieldDetailsProps) {
  const rules = useCustomFieldDefinitions(kind);
  if (!rules.length) return null;
  return (
    <Card title={MESSAGES.customField.section} style={{ marginBottom: 16 }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        data-testid={`${kind}-custom-fields`}
        items={rules.map((rule) => ({
          key: rule.key,
          label: rule.label,
          children: customValueText(values?.[rule.key]) || MESSAGES.record.empty,
        }))}
      />
    </Card>
  );
}
