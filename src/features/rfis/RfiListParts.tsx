// Pieces the RFI list's table and its phone cards share: what one RFI needs to render, the placeholder of a
// value whose details have not arrived, the status badge, and the loading progress of the details.
import type { ReactNode } from 'react';
import { Badge, Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { courtLabel, type RfiRow } from './model/list';
import { statusColor } from './model/status';

/** One RFI of the list, as the table row and the card render it. */
export interface RfiItemProps {
  row: RfiRow;
  /** The RFI's address, and the list's search string to come back to. */
  to: string;
  listSearch: string;
  /** Its details could not be read. */
  failed: boolean;
  currency: string;
  observe: (el: HTMLElement | null) => void;
}

function Pending() {
  return (
    <Skeleton
      h={12}
      w={70}
      radius="sm"
      aria-hidden
      style={{ display: 'inline-block', verticalAlign: 'middle' }}
    />
  );
}

/** What stands for a value until the details arrive: a placeholder, or "not loaded" once they failed. */
export function unknownValue(failed: boolean): ReactNode {
  return failed ? (
    <Text size="xs" c="red" span>
      not loaded
    </Text>
  ) : (
    <Pending />
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={statusColor(status)} style={{ overflow: 'visible' }} miw="max-content">
      {status}
    </Badge>
  );
}

/** Who the RFI waits on: the person, "Nobody" (closed), or the placeholder until the details arrive. */
export function courtValue(row: RfiRow, failed: boolean): ReactNode {
  if (!row.loaded) return unknownValue(failed);
  return (
    courtLabel(row) ?? (
      <Text span inherit c="dimmed">
        Nobody
      </Text>
    )
  );
}

/** A padlock: this user may not change the RFI. Named "Read-only" unless `decorative` (text says it beside). */
export function LockIcon({ decorative = false, size = 14 }: { decorative?: boolean; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': 'Read-only' })}
      style={{ flexShrink: 0, verticalAlign: 'middle' }}
    >
      {decorative ? null : <title>Read-only</title>}
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** "Loading RFI details… n of m" with a bar while they arrive; then how many failed, with Try again. */
export function DetailsProgress({
  done,
  total,
  failed,
  onRetry,
}: {
  done: number;
  total: number;
  failed: number;
  onRetry: () => void;
}) {
  const loading = done < total;
  if (!loading && failed === 0) return null;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      {loading ? (
        <>
          <Text size="sm" c="dimmed">
            Loading RFI details… {done} of {total}
          </Text>
          <Progress value={total ? (100 * done) / total : 0} size="sm" aria-label="RFI details loaded" />
        </>
      ) : (
        <Group gap="sm">
          <Text size="sm" c="red">
            {failed === 1 ? '1 RFI' : `${failed} RFIs`} could not be loaded.
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Stack>
  );
}
