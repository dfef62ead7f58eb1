import type { ReactNode } from 'react';

export const weekLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

type WeekColumn<W> = {
  header: string;
  cell: (week: W, i: number) => ReactNode;
  numeric?: boolean;
};

type WeekChartProps<W extends { weekStart: string }> = {
  /** Prefix of the element ids (title, description). */
  id: string;
  title: string;
  weeks: W[];
  /** The figure a week's bar shows. */
  value: (week: W) => number;
  format: (value: number) => string;
  /** What one bar says when hovered or read out. */
  barTitle: (week: W) => string;
  /** The chart's description from the formatted total, the best week's label and its figure. */
  summary: (total: string, bestWeek: string, best: string) => string;
  /** The description when every week is zero. */
  emptySummary: string;
  columns: WeekColumn<W>[];
};

/** The index of the week with the highest value (the first of equals). */
const bestOf = (values: number[]) => values.reduce((b, v, i) => (v > values[b]! ? i : b), 0);

/** Figures per week as plain SVG bars (no chart library), with a table giving the same figures. */
export function WeekChart<W extends { weekStart: string }>({
  id,
  title,
  weeks,
  value: valueOf,
  format,
  barTitle,
  summary: describe,
  emptySummary,
  columns,
}: WeekChartProps<W>) {
  const values = weeks.map(valueOf);
  const weekStarts = weeks.map((w) => w.weekStart);
  const total = values.reduce((s, v) => s + v, 0);
  const bestIndex = bestOf(values);
  const best = weeks[bestIndex];
  const summary =
    total && best
      ? describe(format(total), weekLabel(best.weekStart), format(values[bestIndex]!))
      : emptySummary;
  const W = 640;
  const H = 240;
  const pad = { top: 16, right: 8, bottom: 36, left: 8 };
  const max = Math.max(1, ...values);
  const slot = (W - pad.left - pad.right) / Math.max(1, values.length);
  const barW = slot * 0.64;
  const plotH = H - pad.top - pad.bottom;

  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={pad.left}
          x2={W - pad.right}
          y1={H - pad.bottom}
          y2={H - pad.bottom}
          className="admin-chart__axis"
        />
        {values.map((value, i) => {
          const h = (Math.max(0, value) / max) * plotH;
          const x = pad.left + i * slot + (slot - barW) / 2;
          return (
            <g key={weekStarts[i]}>
              <rect
                x={x}
                y={H - pad.bottom - h}
                width={barW}
                height={Math.max(h, value ? 2 : 0)}
                rx={3}
                className="admin-chart__bar"
              >
                <title>{barTitle(weeks[i]!)}</title>
              </rect>
              {(i % 2 === values.length % 2 || values.length <= 6) && (
                <text
                  x={x + barW / 2}
                  y={H - pad.bottom + 20}
                  textAnchor="middle"
                  className="admin-chart__label"
                >
                  {weekLabel(weekStarts[i]!)}
                </text>
              )}
            </g>
          );
        })}
        <text x={pad.left} y={pad.top - 2} className="admin-chart__label">
          {format(max)}
        </text>
      </svg>
      <figcaption className="muted">{summary}</figcaption>
      <details className="admin-chart__table">
        <summary>Show {title.toLowerCase()} as a table</summary>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Week starting</th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? 'admin-num' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weekStarts.map((week, i) => (
                <tr key={week}>
                  <td>{weekLabel(week)}</td>
                  {columns.map((c) => (
                    <td key={c.header} className={c.numeric ? 'admin-num' : undefined}>
                      {c.cell(weeks[i]!, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
