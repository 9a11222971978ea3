// Above the table: how many requests and which ids, new rows of the live tail, and the commands (live tail,
// overview, CSV and Excel, Newer / Older).
import { Badge, Button, Group, Loader, Switch, Text, Tooltip } from '@mantine/core';
import type { RequestLogEntry } from '../../contract/dtos';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { toCsv, toSheet } from './model/export';

export interface LogToolbarProps {
  rows: RequestLogEntry[];
  /** What the exports hold: the loaded rows as the table shows them (its status filter and sort applied). */
  exportRows: RequestLogEntry[];
  /** Earlier pages (this is page `trail.length + 1`). */
  pageNumber: number;
  /** The service cut this page at its size limit; Older goes on from this id. */
  cutAt: number | undefined;
  newCount: number;
  fetching: boolean;
  /** The page's rows are still arriving (a streamed reply): an export now would hold only part of them. */
  arriving: boolean;
  live: boolean;
  canTail: boolean;
  onLive: (on: boolean) => void;
  showOverview: boolean;
  onToggleOverview: () => void;
  canNewer: boolean;
  canOlder: boolean;
  onNewer: () => void;
  onOlder: () => void;
}

export function LogToolbar(p: LogToolbarProps) {
  const { rows } = p;
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Text size="sm" data-testid="row-count">
          {rows.length} {rows.length === 1 ? 'request' : 'requests'}
          {rows.length > 0 && ` · ids ${rows[0].id ?? '?'}–${rows.at(-1)?.id ?? '?'}`}
          {p.pageNumber > 1 && ` · page ${p.pageNumber}`}
          {p.cutAt !== undefined &&
            ` · the service stopped this page at its size limit; Older goes on from id ${p.cutAt}`}
        </Text>
        {p.newCount > 0 && (
          <Badge variant="light" color="grape">
            {p.newCount} new
          </Badge>
        )}
        {p.fetching && <Loader size="xs" />}
      </Group>
      <Group gap="xs">
        <Tooltip label={p.canTail ? 'Poll for new requests every 2 s' : 'Live tail works on the newest page'}>
          <Switch
            size="sm"
            label="Live tail"
            checked={p.live && p.canTail}
            disabled={!p.canTail}
            onChange={(e) => p.onLive(e.currentTarget.checked)}
          />
        </Tooltip>
        <Button size="xs" variant="default" onClick={p.onToggleOverview}>
          {p.showOverview ? 'Hide overview' : 'Show overview'}
        </Button>
        <ExportButtons
          size="xs"
          fileName={exportFileName('request-log')}
          sheets={() => [toSheet(p.exportRows)]}
          csv={{
            fileName: `request-log-${new Date().toISOString().slice(0, 19)}.csv`,
            text: () => toCsv(p.exportRows),
          }}
          disabled={!p.exportRows.length || p.arriving}
          title={p.arriving ? 'The page’s rows are still arriving' : undefined}
        />
        <Button size="xs" variant="default" disabled={!p.canNewer} onClick={p.onNewer} title="Newer (←)">
          ← Newer
        </Button>
        <Button size="xs" variant="default" disabled={!p.canOlder} onClick={p.onOlder} title="Older (→)">
          Older →
        </Button>
      </Group>
    </Group>
  );
}
