import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import {
  RANGES,
  RATING_LABELS,
  VITAL_METRICS,
  type RangeKey,
  type VitalMetric,
} from '../../insights/insights';
import type { Insights, PageVitals } from '../../insights/insights';
import {
  ChartTable,
  DataTable,
  dayLabel,
  formatCount,
  formatShare,
  ShareBar,
  TimeChart,
} from './InsightsCharts';
import {
  $insights,
  $insightsCsv,
  $insightsRange,
  chooseRange,
  downloadInsightsCsv,
  mountInsights,
} from './insights.store';
import './admin-insights.css';

const RANGE_KEYS = Object.keys(RANGES) as RangeKey[];
const conversionsOf = (p: Insights['totals']) =>
  p.payments + p.meetings + p.contacts + p.clientOnboardings;
const share = (part: number, whole: number) => (whole ? part / whole : 0);

export function InsightsView() {
  const { result, error, busy } = useStore($insights);
  const range = useStore($insightsRange);
  const csv = useStore($insightsCsv);
  useEffect(mountInsights, []);
  return (
    <div className="insights">
      <div className="insights-toolbar">
        <fieldset className="insights-ranges">
          <legend>Time range</legend>
          {RANGE_KEYS.map((key) => (
            <label key={key}>
              <input
                type="radio"
                name="insights-range"
                value={key}
                checked={range === key}
                onChange={() => void chooseRange(key)}
              />
              <span>{RANGES[key].label}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="btn btn--outline btn--sm"
          onClick={downloadInsightsCsv}
          disabled={csv.busy || !result}
        >
          Download CSV
        </button>
      </div>
      <p role="status" className="insights-status muted">
        {busy
          ? 'Loading insights…'
          : result
            ? `Showing the last ${RANGES[result.range].label}, ${dayLabel(result.from)} to ${dayLabel(result.to)}.`
            : ''}
      </p>
      {(error || csv.error) && (
        <p role="alert" className="admin-list__error">
          {error || csv.error}
        </p>
      )}
      {result && <Figures insights={result} />}
    </div>
  );
}

function Figures({ insights }: { insights: Insights }) {
  const { totals } = insights;
  const cards = [
    ['Visitors', formatCount(totals.visitors)],
    ['Page views', formatCount(totals.views)],
    ['Paid orders', formatCount(totals.payments)],
    ['Visit to paid', formatShare(share(totals.payments, totals.visitors))],
    ['Meetings and messages', formatCount(totals.meetings + totals.contacts)],
  ];
  return (
    <>
      <ul className="admin-cards insights-cards">
        {cards.map(([label, value]) => (
          <li key={label} className="card admin-card">
            <span className="admin-card__label">{label}</span>
            <strong className="admin-card__value">{value}</strong>
          </li>
        ))}
      </ul>
      <OverTime insights={insights} />
      <Funnel insights={insights} />
      <div className="insights-pair">
        <TopPages insights={insights} />
        <TopSources insights={insights} />
      </div>
      <Vitals vitals={insights.vitals} />
    </>
  );
}

function OverTime({ insights }: { insights: Insights }) {
  const per = insights.bucket === 'day' ? 'day' : 'week';
  const title = `Visitors and conversions per ${per}`;
  const conversions = insights.series.map(conversionsOf);
  return (
    <section className="insights-section" aria-labelledby="insights-time">
      <h3 id="insights-time">Visits and conversions</h3>
      <TimeChart
        id="insights-time-chart"
        title={title}
        summary={`${formatCount(insights.totals.visitors)} visitors and ${formatCount(conversionsOf(insights.totals))} conversions (payments, meeting requests, messages and client onboardings) from ${dayLabel(insights.from)} to ${dayLabel(insights.to)}.`}
        starts={insights.series.map((p) => p.start)}
        bars={{
          name: 'Visitors',
          values: insights.series.map((p) => p.visitors),
          className: 'insights-chart__bar',
        }}
        line={{ name: 'Conversions', values: conversions, className: 'insights-chart__line' }}
      />
      <ChartTable
        title={title}
        rows={insights.series}
        rowKey={(p) => p.start}
        columns={[
          { header: per === 'day' ? 'Day' : 'Week starting', cell: (p) => dayLabel(p.start) },
          { header: 'Visitors', numeric: true, cell: (p) => formatCount(p.visitors) },
          { header: 'Page views', numeric: true, cell: (p) => formatCount(p.views) },
          { header: 'Paid', numeric: true, cell: (p) => formatCount(p.payments) },
          { header: 'Meetings', numeric: true, cell: (p) => formatCount(p.meetings) },
          { header: 'Messages', numeric: true, cell: (p) => formatCount(p.contacts) },
        ]}
      />
    </section>
  );
}

function Funnel({ insights }: { insights: Insights }) {
  const first = insights.funnel[0]?.count ?? 0;
  const steps = insights.funnel.map((step, i) => {
    const previous = i ? insights.funnel[i - 1]!.count : step.count;
    return {
      ...step,
      ofFirst: share(step.count, first),
      ofPrevious: i ? share(step.count, previous) : 1,
      dropped: Math.max(0, previous - step.count),
    };
  });
  return (
    <section className="insights-section" aria-labelledby="insights-funnel">
      <h3 id="insights-funnel">Funnel</h3>
      <ol className="insights-funnel" aria-label="Funnel steps">
        {steps.map((s, i) => (
          <li key={s.key}>
            <span className="insights-funnel__label">{s.label}</span>
            <ShareBar share={s.ofFirst} />
            <span className="insights-funnel__count">{formatCount(s.count)}</span>
            <span className="insights-funnel__drop muted">
              {i
                ? `${formatShare(s.ofPrevious)} of the step before · ${formatCount(s.dropped)} dropped off`
                : 'Unique visitors per day, added up'}
            </span>
          </li>
        ))}
      </ol>
      <ul className="insights-side" aria-label="Other conversions">
        {insights.side.map((s) => (
          <li key={s.key}>
            <span>{s.label}</span> <strong>{formatCount(s.count)}</strong>{' '}
            <span className="muted">({formatShare(share(s.count, first))} of visitors)</span>
          </li>
        ))}
      </ul>
      <ChartTable
        title="Funnel steps"
        rows={[
          ...steps,
          ...insights.side.map((s) => ({
            ...s,
            ofFirst: share(s.count, first),
            ofPrevious: NaN,
            dropped: NaN,
          })),
        ]}
        rowKey={(s) => s.key}
        columns={[
          { header: 'Step', cell: (s) => s.label },
          { header: 'Count', numeric: true, cell: (s) => formatCount(s.count) },
          { header: 'Of visitors', numeric: true, cell: (s) => formatShare(s.ofFirst) },
          {
            header: 'Of the step before',
            numeric: true,
            cell: (s) => (Number.isNaN(s.ofPrevious) ? '—' : formatShare(s.ofPrevious)),
          },
          {
            header: 'Dropped off',
            numeric: true,
            cell: (s) => (Number.isNaN(s.dropped) ? '—' : formatCount(s.dropped)),
          },
        ]}
      />
    </section>
  );
}

type Figure<R> = { header: string; value: (row: R) => number };

function Ranking<R>(props: {
  id: string;
  heading: string;
  title: string;
  empty: string;
  rows: R[];
  rowKey: (row: R) => string;
  name: { header: string; cell: (row: R) => ReactNode };
  rankedBy: Figure<R>;
  also: Figure<R>;
}) {
  const { rows, rankedBy, also } = props;
  const max = Math.max(1, ...rows.map(rankedBy.value));
  return (
    <section className="insights-section" aria-labelledby={props.id}>
      <h3 id={props.id}>{props.heading}</h3>
      {rows.length ? (
        <div className="table-wrap">
          <DataTable
            title={props.title}
            rows={rows}
            rowKey={props.rowKey}
            columns={[
              props.name,
              {
                header: rankedBy.header,
                numeric: true,
                cell: (row) => (
                  <>
                    <ShareBar share={rankedBy.value(row) / max} />{' '}
                    {formatCount(rankedBy.value(row))}
                  </>
                ),
              },
              { header: also.header, numeric: true, cell: (row) => formatCount(also.value(row)) },
            ]}
          />
        </div>
      ) : (
        <p className="muted">{props.empty}</p>
      )}
    </section>
  );
}

const TopPages = ({ insights }: { insights: Insights }) => (
  <Ranking
    id="insights-pages"
    heading="Top pages"
    title="Top pages by page views"
    empty="No page views in this range."
    rows={insights.pages}
    rowKey={(p) => p.path}
    name={{ header: 'Page', cell: (p) => <span className="insights-path">{p.path}</span> }}
    rankedBy={{ header: 'Views', value: (p) => p.views }}
    also={{ header: 'Entry visitors', value: (p) => p.visitors }}
  />
);

const TopSources = ({ insights }: { insights: Insights }) => (
  <Ranking
    id="insights-sources"
    heading="Top sources"
    title="Top sources by visitors"
    empty="No visits in this range."
    rows={insights.sources}
    rowKey={(s) => s.source}
    name={{ header: 'Source', cell: (s) => s.source }}
    rankedBy={{ header: 'Visitors', value: (s) => s.visitors }}
    also={{ header: 'Views', value: (s) => s.views }}
  />
);

const formatVital = (metric: VitalMetric, value: number) =>
  metric === 'CLS'
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(1)} s`
      : `${Math.round(value)} ms`;

function VitalCell({ vitals, metric }: { vitals: PageVitals; metric: VitalMetric }) {
  const p = vitals.metrics[metric];
  if (!p) return <span className="muted">—</span>;
  return (
    <span className={`insights-rating insights-rating--${p.rating}`}>
      {formatVital(metric, p.value)} <span>{RATING_LABELS[p.rating]}</span>
    </span>
  );
}

function Vitals({ vitals }: { vitals: PageVitals[] }) {
  return (
    <section className="insights-section" aria-labelledby="insights-vitals">
      <h3 id="insights-vitals">Core Web Vitals from visitors</h3>
      <p className="muted">
        The 75th percentile of each page's real visits: good when LCP is at most 2.5 s, INP at most
        200 ms and CLS at most 0.1.
      </p>
      {vitals.length ? (
        <div className="table-wrap">
          <DataTable
            title="Core Web Vitals per page, 75th percentile"
            rows={vitals}
            rowKey={(v) => v.path}
            columns={[
              { header: 'Page', cell: (v) => <span className="insights-path">{v.path}</span> },
              ...VITAL_METRICS.map((metric) => ({
                header: metric,
                cell: (v: PageVitals) => <VitalCell vitals={v} metric={metric} />,
              })),
              {
                header: 'Views passing all three',
                numeric: true,
                cell: (v: PageVitals) =>
                  v.passShare === null ? (
                    '—'
                  ) : (
                    <>
                      <ShareBar share={v.passShare} tone="good" /> {formatShare(v.passShare)}
                    </>
                  ),
              },
              {
                header: 'Slowest element or interaction',
                cell: (v: PageVitals) =>
                  v.targets[0] ? (
                    <code>{`${v.targets[0].metric}: ${v.targets[0].target}`}</code>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        </div>
      ) : (
        <p className="muted">No measurements in this range yet.</p>
      )}
    </section>
  );
}
