import type { ReactNode } from 'react';

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);
export const formatShare = (share: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(share);
export const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

export type Column<R> = { header: string; cell: (row: R) => ReactNode; numeric?: boolean };

/** The figures of a chart as a table (in a disclosure for sighted readers; always in the tree). */
export function ChartTable<R>({
  title,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  rows: R[];
  rowKey: (row: R) => string;
  columns: Column<R>[];
}) {
  return (
    <details className="admin-chart__table">
      <summary>Show {title.toLowerCase()} as a table</summary>
      <div className="table-wrap">
        <DataTable title={title} rows={rows} rowKey={rowKey} columns={columns} />
      </div>
    </details>
  );
}

export function DataTable<R>({
  title,
  rows,
  rowKey,
  columns,
  visibleCaption = false,
}: {
  title: string;
  rows: R[];
  rowKey: (row: R) => string;
  columns: Column<R>[];
  visibleCaption?: boolean;
}) {
  return (
    <table>
      <caption className={visibleCaption ? 'insights-caption' : 'sr-only'}>{title}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.numeric ? 'admin-num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.header} className={c.numeric ? 'admin-num' : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Series = { name: string; values: number[]; className: string };

/** The second series is a line on its own scale: conversions are a few per hundred visits. */
export function TimeChart({
  id,
  title,
  summary,
  starts,
  bars,
  line,
}: {
  id: string;
  title: string;
  summary: string;
  starts: string[];
  bars: Series;
  line: Series;
}) {
  const W = 720;
  const H = 260;
  const barMax = Math.max(1, ...bars.values);
  const lineMax = Math.max(1, ...line.values);
  const barLabel = formatCount(barMax);
  const lineLabel = formatCount(lineMax);
  // Room for the scale's label beside the plot ("1,047,760" needs more than "47").
  const side = (label: string) => Math.max(44, 12 + label.length * 9);
  const pad = { top: 22, right: side(lineLabel), bottom: 34, left: side(barLabel) };
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const slot = plotW / Math.max(1, starts.length);
  const y = (v: number, max: number) => pad.top + plotH - (v / max) * plotH;
  const labelEvery = Math.ceil(starts.length / 8);
  const points = line.values.map((v, i) => `${pad.left + (i + 0.5) * slot},${y(v, lineMax)}`);
  return (
    <figure className="admin-chart insights-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0.5, 1].map((f) => (
          <line
            key={f}
            x1={pad.left}
            x2={W - pad.right}
            y1={y(barMax * f, barMax)}
            y2={y(barMax * f, barMax)}
            className="insights-chart__grid"
          />
        ))}
        <line
          x1={pad.left}
          x2={W - pad.right}
          y1={H - pad.bottom}
          y2={H - pad.bottom}
          className="admin-chart__axis"
        />
        {bars.values.map((v, i) => (
          <rect
            key={starts[i]}
            x={pad.left + i * slot + slot * 0.15}
            width={slot * 0.7}
            y={y(v, barMax)}
            height={Math.max(0, (v / barMax) * plotH)}
            rx={Math.min(3, slot * 0.2)}
            className={bars.className}
          >
            <title>{`${dayLabel(starts[i]!)}: ${formatCount(v)} ${bars.name.toLowerCase()}, ${formatCount(line.values[i] ?? 0)} ${line.name.toLowerCase()}`}</title>
          </rect>
        ))}
        <polyline points={points.join(' ')} className={line.className} fill="none" />
        {starts.map((start, i) =>
          i % labelEvery === 0 ? (
            <text
              key={start}
              x={pad.left + (i + 0.5) * slot}
              y={H - pad.bottom + 20}
              textAnchor="middle"
              className="admin-chart__label"
            >
              {dayLabel(start)}
            </text>
          ) : null,
        )}
        <text
          x={pad.left - 6}
          y={y(barMax, barMax) + 4}
          textAnchor="end"
          className="admin-chart__label"
        >
          {barLabel}
        </text>
        <text
          x={W - pad.right + 6}
          y={y(lineMax, lineMax) + 4}
          className="admin-chart__label insights-chart__line-label"
        >
          {lineLabel}
        </text>
      </svg>
      <figcaption className="insights-legend">
        <span className="insights-legend__bar">{bars.name} (left scale)</span>
        <span className="insights-legend__line">{line.name} (right scale)</span>
      </figcaption>
    </figure>
  );
}

export function ShareBar({
  share,
  tone = 'primary',
}: {
  share: number;
  tone?: 'primary' | 'good';
}) {
  return (
    <span className={`insights-bar insights-bar--${tone}`} aria-hidden="true">
      <span style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }} />
    </span>
  );
}
