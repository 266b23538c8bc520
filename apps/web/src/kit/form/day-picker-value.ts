import dayjs, { type Dayjs } from 'dayjs';

// A form item holding a day's end as an ISO moment (what the contracts' dates read), shown by a DatePicker that works
// in days: `<Item getValueProps={dayPickerValue} normalize={dayStoredValue}>` (a permit's or a BRN's expiry).

export const dayPickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
export const dayStoredValue = (value: Dayjs | null | undefined) => (value ? value.endOf('day').toISOString() : null);
