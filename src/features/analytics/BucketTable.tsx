// The charts' figures as a table (their text alternative): a row per period with requests, its count and each
// outcome's count opening those requests in the explorer, and its duration percentiles. Folded until asked for.
import { useState } from 'react';
import { Button, Stack, Table } from '@mantine/core';
import type { StatusClass } from '../../api/requestLogReader/row';
import { ExportButtons } from '../../ui/ExportButtons';
import { exportFileName } from '../../ui/xlsx/sheet';
import { bucketSheet } from './exports';
import { FigureLink, wrappedButton } from './FigureLink';
import { formatCount, formatMs } from './GroupTable';
import type { Bucket } from './model/aggregate';

const CLASS_LABELS: Record<StatusClass, string> = {
  ok: 'OK',
  client: 'Client errors',
  server: 'Server errors',
  error: 'Errors (no status code)',
};

export /** The charts' figures as a table of links: every bar, and each of its parts, opens its requests. */
function BucketTable({
  buckets,
  format,
  classes,
}: {
  buckets: Bucket[];
  format: (ms: number) => string;
  classes: StatusClass[];
}) {
  const [open, setOpen] = useState(false);
  const filled = buckets.filter((b) => b.count > 0);
  return (
    <Stack gap="xs">
      <Button size="xs" variant="subtle" className={wrappedButton} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide' : 'Show'} the charts' figures ({formatCount(filled.length)}{' '}
        {filled.length === 1 ? 'period' : 'periods'} with requests)
      </Button>
      {open && (
        <ExportButtons
          size="xs"
          fileName={exportFileName('analytics requests per period')}
          sheets={() => [bucketSheet(filled, classes, CLASS_LABELS)]}
        />
      )}
      {open && (
        <Table.ScrollContainer minWidth={640} data-sideways="figures">
          <Table striped aria-label="Requests per period" data-testid="bucket-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period from</Table.Th>
                <Table.Th ta="right">Requests</Table.Th>
                {classes.map((k) => (
                  <Table.Th key={k} ta="right">
                    {CLASS_LABELS[k]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">p50</Table.Th>
                <Table.Th ta="right">p95</Table.Th>
                <Table.Th ta="right">p99</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filled.map((b) => (
                <Table.Tr key={b.start}>
                  <Table.Td>{format(b.start)}</Table.Td>
                  <Table.Td ta="right">
                    <FigureLink link={b.link} label={`${b.count} requests from ${format(b.start)}`}>
                      {formatCount(b.count)}
                    </FigureLink>
                  </Table.Td>
                  {classes.map((k) => (
                    <Table.Td key={k} ta="right">
                      {b.classLinks[k] ? (
                        <FigureLink
                          link={b.classLinks[k]}
                          label={`${b.classes[k]} ${CLASS_LABELS[k]} from ${format(b.start)}`}
                        >
                          {formatCount(b.classes[k])}
                        </FigureLink>
                      ) : (
                        '0'
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatMs(b.p50)}</Table.Td>
                  <Table.Td ta="right">{formatMs(b.p95)}</Table.Td>
                  <Table.Td ta="right">{formatMs(b.p99)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
