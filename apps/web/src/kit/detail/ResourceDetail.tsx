import type { AnyResourceContract, ContractRecord, FieldKeyOf } from '@crm/domain';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { browserLocale } from '../../app/request-headers';
import { FieldDisplay } from '../display/FieldDisplay';

interface ResourceDetailProps<C extends AnyResourceContract> {
  contract: C;
  record: ContractRecord<C>;
  /** The fields to show, in order. */
  fields: readonly FieldKeyOf<C>[];
  /** A field's own rendering, by key. */
  render?: Partial<Record<FieldKeyOf<C>, (record: ContractRecord<C>) => ReactNode>>;
  testId?: string;
}

/**
 * A record's fields as labelled descriptions, each rendered by its kind (dates in the caller's zone, money with 2
 * decimals, Yes/No...). A sensitive field the answer left out (no VIEW_SENSITIVE_INFORMATION) is not shown.
 */
export function ResourceDetail<C extends AnyResourceContract>({ contract, record, fields, render, testId }: ResourceDetailProps<C>) {
  const { timeZone } = browserLocale();
  const items = fields.flatMap((key) => {
    const field = contract.fields[key];
    if (!field) return [];
    const value: unknown = Reflect.get(record, key);
    if (field.sensitive && value === undefined) return [];
    const own = render?.[key];
    return [{ key, label: field.label, children: own ? own(record) : <FieldDisplay field={field} value={value} timeZone={timeZone} /> }];
  });
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} data-testid={testId ?? `${contract.name}-detail`} />;
}
