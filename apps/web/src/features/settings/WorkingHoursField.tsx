import type { WorkingDay, WorkingHours } from '@crm/domain';
import { Checkbox, Input, Space, Typography } from 'antd';

// Working days and hours as one form control: a row per weekday (open or not, from and to). `null` (no day at all)
// means the asset keeps no hours, and the lead SLA clock always runs.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DEFAULT_WINDOW = { start: '09:00', end: '18:00' };

interface WorkingHoursFieldProps {
  value?: WorkingHours | null;
  onChange?: (value: WorkingHours | null) => void;
  /** Set by Form.Item: the group's id, so the item's label names it. */
  id?: string;
}

export function WorkingHoursField({ value, onChange, id }: WorkingHoursFieldProps) {
  const byDay = new Map((value ?? []).map((window) => [window.day, window]));
  const change = (day: number, next: WorkingDay | null) => {
    const others = (value ?? []).filter((window) => window.day !== day);
    const list = (next ? [...others, next] : others).sort((a, b) => a.day - b.day);
    onChange?.(list.length ? list : null);
  };
  return (
    <Space id={id} direction="vertical" size={8} role="group">
      {DAYS.map((name, day) => {
        const window = byDay.get(day);
        return (
          <Space key={name} size={12} wrap>
            <Checkbox
              checked={Boolean(window)}
              onChange={(e) => change(day, e.target.checked ? { day, ...DEFAULT_WINDOW } : null)}
              style={{ width: 130 }}
            >
              {name}
            </Checkbox>
            {window ? (
              <>
                <Input
                  type="time"
                  aria-label={`${name} opens at`}
                  value={window.start}
                  onChange={(e) => change(day, { ...window, start: e.target.value })}
                  style={{ width: 130 }}
                />
                <Typography.Text type="secondary">to</Typography.Text>
                <Input
                  type="time"
                  aria-label={`${name} closes at`}
                  value={window.end}
                  onChange={(e) => change(day, { ...window, end: e.target.value })}
                  style={{ width: 130 }}
                />
              </>
            ) : (
              <Typography.Text type="secondary">Closed</Typography.Text>
            )}
          </Space>
        );
      })}
    </Space>
  );
}
