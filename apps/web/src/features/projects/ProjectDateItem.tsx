import { projectContract } from '@crm/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(projectContract);
type DateField = 'startDate' | 'completionDate' | 'handoverDate';

/** The form holds the ISO string the contract takes; the picker works in dayjs (a day, at midnight UTC). */
const pickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const storedValue = (value: Dayjs | null | undefined) => (value ? `${value.format('YYYY-MM-DD')}T00:00:00.000Z` : null);

/** One of the project's dates, picked by day. */
export function ProjectDateItem({ name, label }: { name: DateField; label: string }) {
  return (
    <Item name={name} getValueProps={pickerValue} normalize={storedValue}>
      <DatePicker aria-label={label} style={{ width: '100%' }} format="YYYY-MM-DD" />
    </Item>
  );
}
