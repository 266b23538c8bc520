import { type AnyField, MESSAGES, YES_NO_COLORS } from '@crm/domain';
import { Tag } from 'antd';
import { fieldText } from './field-text';

interface FieldDisplayProps {
  field: AnyField;
  value: unknown;
  timeZone: string | undefined;
}

/** One value rendered by its field's kind: booleans as Yes/No tags, enums as tags, the rest as text. */
export function FieldDisplay({ field, value, timeZone }: FieldDisplayProps) {
  const text = fieldText(field, value, timeZone);
  if (text === MESSAGES.record.empty) return text;
  if (field.kind === 'boolean') {
    const answer = value === true ? MESSAGES.common.yes : MESSAGES.common.no;
    return <Tag color={YES_NO_COLORS[answer]}>{answer}</Tag>;
  }
  if (field.kind === 'enum') return <Tag>{text}</Tag>;
  return text;
}
