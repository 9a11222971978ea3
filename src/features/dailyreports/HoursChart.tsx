// Hours by trade as plain SVG bars (no chart package): one row per trade plus the subcontractors.
import type { ManpowerTotals } from './model';
import { hoursText } from './model';

const ROW = 22;
const LABEL = 110;
const WIDTH = 360;

export function HoursChart({ totals }: { totals: ManpowerTotals }) {
  const rows = [
    ...totals.byTrade.map((t) => ({ label: t.label, hours: t.hours })),
    { label: 'Subcontractors', hours: totals.subcontractors.hours },
  ];
  const max = Math.max(1, ...rows.map((r) => r.hours));
  const barSpace = WIDTH - LABEL - 50;
  const summary = rows.map((r) => `${r.label} ${hoursText(r.hours)}`).join(', ');
  return (
    <svg
      role="img"
      aria-label={`Hours by trade: ${summary}`}
      viewBox={`0 0 ${WIDTH} ${rows.length * ROW}`}
      width="100%"
      style={{ maxWidth: WIDTH * 1.4, display: 'block' }}
    >
      {rows.map((r, i) => {
        const w = Math.round((r.hours / max) * barSpace);
        const y = i * ROW;
        return (
          <g key={r.label}>
            <text x={0} y={y + 15} fontSize={12} fill="currentColor">
              {r.label}
            </text>
            <rect
              x={LABEL}
              y={y + 4}
              width={Math.max(w, r.hours > 0 ? 2 : 0)}
              height={ROW - 8}
              rx={2}
              fill={i === rows.length - 1 ? 'var(--mantine-color-grape-6)' : 'var(--mantine-color-blue-6)'}
            />
            <text x={LABEL + w + 6} y={y + 15} fontSize={12} fill="currentColor">
              {hoursText(r.hours)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
