import type { DayEndSeriesPoint } from '../../../src-shared/domain/day-end';
import { formatCount } from '../ui/format';
import { dayLabel, shortDayLabel } from './day-end-words';

const height = 200;
const top = 12;
const bottom = 36;
const left = 44;
const right = 12;
/** The plot's width the bars share; a short range gets wide bars, up to `widestGroup`. */
const plotWidth = 720;
const widestGroup = 72;
/** A day's label and the room it takes: `Mon 2 Mar` for up to two weeks, else `2 Mar`. */
const longLabelWidth = 72;
const shortLabelWidth = 50;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about a quarter of `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 5, 10].find((each) => each * power >= rough) ?? 10;
  return multiple * power;
}

/**
 * Issued versus answered per day, every kind together, drawn as SVG bars (no chart library). The
 * figures are the tables' below, which are the chart's text alternative.
 */
export function DayEndChart(props: { series: readonly DayEndSeriesPoint[] }) {
  const { series } = props;
  const max = Math.max(1, ...series.map((point) => Math.max(point.issued, point.answered)));
  const step = niceStep(max);
  const axisMax = Math.ceil(max / step) * step;
  const group = Math.min(widestGroup, plotWidth / Math.max(1, series.length));
  const width = left + group * series.length + right;
  const plotHeight = height - top - bottom;
  const y = (value: number): number => top + plotHeight - (value / axisMax) * plotHeight;
  const bar = Math.max(2, Math.min(24, (group - 4) / 2));
  const isLong = series.length > 14;
  const labelEvery = Math.ceil((isLong ? shortLabelWidth : longLabelWidth) / group);
  const ticks: number[] = [];
  for (let value = 0; value <= axisMax; value += step) ticks.push(value);
  return (
    <figure className="day-end-chart">
      <figcaption>
        Issued and answered per day, every kind together{' '}
        <span className="legend">
          <span className="swatch swatch-issued" aria-hidden="true" /> issued (orders: received){' '}
          <span className="swatch swatch-answered" aria-hidden="true" /> answered now
        </span>
        <span className="visually-hidden"> The figures are in the tables below.</span>
      </figcaption>
      <svg
        role="img"
        aria-label="Bar chart of documents issued and answered per day; the tables below hold the same figures."
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        {ticks.map((value) => (
          <g key={value} className="tick">
            <line x1={left} x2={width - right} y1={y(value)} y2={y(value)} />
            <text x={left - 6} y={y(value)} dy="0.32em" textAnchor="end">
              {formatCount(value)}
            </text>
          </g>
        ))}
        {series.map((point, index) => {
          const x = left + index * group + (group - 2 * bar) / 2;
          return (
            <g key={point.date}>
              <rect
                className="bar-issued"
                x={x}
                y={y(point.issued)}
                width={bar}
                height={y(0) - y(point.issued)}
              >
                <title>{`${point.date}: ${formatCount(point.issued)} issued`}</title>
              </rect>
              <rect
                className="bar-answered"
                x={x + bar}
                y={y(point.answered)}
                width={bar}
                height={y(0) - y(point.answered)}
              >
                <title>{`${point.date}: ${formatCount(point.answered)} answered`}</title>
              </rect>
              {index % labelEvery === 0 && (
                <text
                  className="day"
                  x={left + index * group + group / 2}
                  y={height - bottom + 16}
                  textAnchor="middle"
                >
                  {isLong ? shortDayLabel(point.date) : dayLabel(point.date)}
                </text>
              )}
            </g>
          );
        })}
        <line className="axis" x1={left} x2={width - right} y1={y(0)} y2={y(0)} />
      </svg>
    </figure>
  );
}
