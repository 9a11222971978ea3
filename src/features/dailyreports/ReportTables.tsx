// The report's two tables: the activities (by subcontractor) and the crew (people and hours by trade).
import { Table, Text } from '@mantine/core';
import type { DailyReportActivity } from '../../contract/dtos';
import print from '../../ui/print.module.css';
import stacked from '../../ui/stackedTable.module.css';
import { formatCsi, hoursText, subcontractorsOf, tradeCrew, TRADES, type Crew } from './model';

const crewText = (c: Crew) => (c.people || c.hours ? `${c.people} / ${hoursText(c.hours)}` : '—');

export function ActivitiesTable({
  activities,
  totals,
}: {
  activities: DailyReportActivity[];
  totals: Array<Crew & { key: string }>;
}) {
  return (
    // Scrolls sideways on a narrow desktop window: focusable, so the keyboard can scroll it too. At phone width
    // each activity is a card of its own (src/ui/stackedTable.module.css).
    <div
      className={`${print.wide} ${stacked.stacked}`}
      tabIndex={0}
      role="region"
      aria-label="Activities (scrolls sideways)"
    >
      <Table
        striped
        withTableBorder
        verticalSpacing={6}
        horizontalSpacing={8}
        aria-label="Activities"
        fz="sm"
      >
        <Table.Caption style={{ textAlign: 'left' }}>
          Trades and subcontractor crews as people / hours.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>CSI</Table.Th>
            {TRADES.map((t) => (
              <Table.Th key={t.key} style={{ textAlign: 'right' }}>
                {t.label}
              </Table.Th>
            ))}
            <Table.Th>Subcontractors</Table.Th>
            <Table.Th>Shop</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activities.map((a, i) => {
            const subs = subcontractorsOf(a);
            return (
              <Table.Tr key={a.dailyReportActivityId ?? `row-${i}`}>
                <Table.Td data-label="Contact">
                  {a.contactString || (a.contact ? `User ${a.contact}` : '—')}
                  {a.primarySubc && !a.contactString?.includes(a.primarySubc) && (
                    <Text size="xs" c="dimmed">
                      {a.primarySubc}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Location">{a.location || '—'}</Table.Td>
                <Table.Td data-label="CSI">
                  {formatCsi(a.csi) ?? '—'}
                  {a.csiName && (
                    <Text size="xs" c="dimmed">
                      {a.csiName}
                    </Text>
                  )}
                </Table.Td>
                {TRADES.map((t) => (
                  <Table.Td
                    key={t.key}
                    data-label={t.label}
                    style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                    data-trade={t.key}
                  >
                    {crewText(tradeCrew(a, t))}
                  </Table.Td>
                ))}
                <Table.Td data-label="Subcontractors">
                  {subs.length === 0
                    ? '—'
                    : subs.map((s) => (
                        <Text key={s.name} size="xs">
                          {s.name}: {crewText(s)}
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td data-label="Shop">
                  <Text size="sm" fw={a.isUnion ? 600 : undefined}>
                    {a.isUnion ? 'Union' : 'Open shop'}
                  </Text>
                  {a.is2Tier && (
                    <Text size="xs" c="dimmed">
                      2-tier
                    </Text>
                  )}
                </Table.Td>
                <Table.Td
                  data-label="Description"
                  style={{ minWidth: 120, whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
                >
                  {a.description || '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>
              Total ({activities.length} {activities.length === 1 ? 'activity' : 'activities'})
            </Table.Th>
            {totals.map((t) => (
              <Table.Th
                key={t.key}
                style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                data-trade={t.key}
                data-label={TRADES.find((x) => x.key === t.key)?.label}
              >
                {crewText(t)}
              </Table.Th>
            ))}
            <Table.Th colSpan={3} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

export function CrewTable({
  caption,
  rows,
  total,
  empty,
}: {
  caption: string;
  rows: Array<Crew & { name: string }>;
  total?: Crew & { name: string };
  empty?: string;
}) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" captionSide="top" aria-label={caption}>
      <Table.Caption style={{ textAlign: 'left', fontWeight: 600, color: 'inherit' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{caption === 'By subcontractor' ? 'Subcontractor' : 'Crew'}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            People
          </Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Hours
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && empty ? (
          <Table.Tr>
            <Table.Td colSpan={3} c="dimmed">
              {empty}
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Th scope="row" fw={400}>
                {r.name}
              </Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>{r.people}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{hoursText(r.hours)}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{total.name}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{total.people}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{hoursText(total.hours)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
