import type { DayEndSeriesPoint } from '../../../src-shared/domain/day-end';
import { isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { formatCount, formatDate } from '../ui/format';
import { dayLabelLines, shortDayLabel } from './day-end-words';

const height = 200;
const top = 12;
const bottom = 50;
const left = 44;
const right = 12;
/** The plot's width the bars share; a short range gets wide bars, up to `widestGroup`. */
const plotWidth = 720;
const widestGroup = 72;
/**
 * The room a label's characters take (the chart's 12px text, Latin or Arabic, at its widest) and the gap
 * kept between two labels: a label is written under every day whose label fits, else every second, third…
 */
const labelCharWidth = 7;
const labelGap = 8;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about a quarter of `max`. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 5, 10].find((each) => each * power >= rough) ?? 10;
  return multiple * power;
}

/**
 * Issued versus answered per day, every kind together, drawn as SVG bars (no chart library). The
 * figures are the tables' below, which are the chart's text alternative. Right to left (Arabic) the
 * chart reads from the right: the first day, and each day's issued bar, on the right, the value axis
 * on the right; its numbers are written as ever, never mirrored.
 */
export function DayEndChart(props: { series: readonly DayEndSeriesPoint[] }) {
  const { series } = props;
  const say = useSay();
  const isRtl = useDeskLocale().direction === 'rtl';
  const max = Math.max(1, ...series.map((point) => Math.max(point.issued, point.answered)));
  const step = niceStep(max);
  const axisMax = Math.ceil(max / step) * step;
  const group = Math.min(widestGroup, plotWidth / Math.max(1, series.length));
  const width = left + group * series.length + right;
  /** An x as drawn left to right, placed for the desk's direction (a box of width `span` at `x`). */
  const place = (x: number, span = 0): number => (isRtl ? width - x - span : x);
  const plotHeight = height - top - bottom;
  const y = (value: number): number => top + plotHeight - (value / axisMax) * plotHeight;
  const bar = Math.max(2, Math.min(24, (group - 4) / 2));
  // Up to two weeks: the weekday over `2 Mar`; longer: `2 Mar` alone.
  const isLong = series.length > 14;
  const labels = series.map((point) => (isLong ? [shortDayLabel(point.date)] : dayLabelLines(point.date)));
  const widestLabel = Math.max(1, ...labels.flatMap((lines) => lines.map((line) => line.length)));
  const labelEvery = Math.max(1, Math.ceil((widestLabel * labelCharWidth + labelGap) / group));
  const ticks: number[] = [];
  for (let value = 0; value <= axisMax; value += step) ticks.push(value);
  return (
    <figure className="day-end-chart">
      <figcaption>
        {say('dayEnd.chart.title')}{' '}
        <span className="legend">
          <span className="swatch swatch-issued" aria-hidden="true" /> {say('dayEnd.chart.issued')}{' '}
          <span className="swatch swatch-answered" aria-hidden="true" /> {say('dayEnd.chart.answered')}
        </span>
        <span className="visually-hidden"> {say('dayEnd.chart.inTables')}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={say('dayEnd.chart.label')}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        {ticks.map((value) => (
          <g key={value} className="tick">
            <line x1={place(left)} x2={place(width - right)} y1={y(value)} y2={y(value)} />
            <text x={place(left - 6)} y={y(value)} dy="0.32em" textAnchor={isRtl ? 'start' : 'end'}>
              {formatCount(value)}
            </text>
          </g>
        ))}
        {series.map((point, index) => {
          const x = left + index * group + (group - 2 * bar) / 2;
          const date = isolate.ltr(formatDate(point.date));
          return (
            <g key={point.date}>
              <rect
                className="bar-issued"
                x={place(x, bar)}
                y={y(point.issued)}
                width={bar}
                height={y(0) - y(point.issued)}
              >
                <title>{say('dayEnd.chart.barIssued', { date, count: point.issued })}</title>
              </rect>
              <rect
                className="bar-answered"
                x={place(x + bar, bar)}
                y={y(point.answered)}
                width={bar}
                height={y(0) - y(point.answered)}
              >
                <title>{say('dayEnd.chart.barAnswered', { date, count: point.answered })}</title>
              </rect>
              {index % labelEvery === 0 && (
                <text className="day" y={height - bottom + 16} textAnchor="middle">
                  {(labels[index] ?? []).map((line, at) => (
                    <tspan key={at} x={place(left + index * group + group / 2)} dy={at === 0 ? 0 : '1.2em'}>
                      {line}
                    </tspan>
                  ))}
                </text>
              )}
            </g>
          );
        })}
        <line className="axis" x1={place(left)} x2={place(width - right)} y1={y(0)} y2={y(0)} />
      </svg>
    </figure>
  );
}
