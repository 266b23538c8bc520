import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { COLORS } from '../theme';

/** Axis text in the theme's text colour: recharts' default grey fails WCAG AA contrast. */
const TICK = { fill: 'rgba(0, 0, 0, 0.88)' };
/** Bar colours in order; the last bar (the one the report is about) in the primary colour. */
const FILLS = [COLORS.border, COLORS.primary] as const;

export interface ReportBarChartProps {
  /** One entry per bar group: its name under `category`, a number under each of `bars`. */
  data: readonly Readonly<Record<string, string | number>>[];
  category: string;
  bars: readonly string[];
  /** The figure's accessible name; the caption says the table has every figure. */
  label: string;
  caption: string;
  testId: string;
}

/** A report's bar chart, as a figure with a name and a caption (the table below it has the same figures as text). */
export function ReportBarChart({ data, category, bars, label, caption, testId }: ReportBarChartProps) {
  if (data.length === 0) return null;
  return (
    <figure style={{ margin: '0 0 16px' }} aria-label={label}>
      <div style={{ width: '100%', height: 280 }} data-testid={testId}>
        <ResponsiveContainer>
          <BarChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={category} tick={TICK} />
            <YAxis allowDecimals={false} tick={TICK} />
            <Tooltip />
            <Legend />
            {bars.map((bar, index) => (
              <Bar key={bar} dataKey={bar} fill={FILLS[Math.min(index, FILLS.length - 1)]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption style={{ color: COLORS.textSecondary }}>{caption}</figcaption>
    </figure>
  );
}
