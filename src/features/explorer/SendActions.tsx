// Send (a write asks first), copy the request as curl, as fetch or as a link, clear the draft.
import { useState } from 'react';
import { Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { PreparedRequest } from '../../api/client';
import { operations, type OperationName } from '../../contract/operations';
import { toCurl, toFetch } from './model/export';

function CopyCode({ label, value }: { label: string; value: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Button variant="default" size="xs" onClick={copy} data-copy={value}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

export interface SendActionsProps {
  op: OperationName;
  /** The request as it would be sent, with the keys as placeholders. */
  copyable: PreparedRequest;
  shareUrl: string;
  sending: boolean;
  /** The JSON does not parse: nothing can be sent. */
  blocked: boolean;
  canClear: boolean;
  onSend: () => void;
  onClear: () => void;
}

export function SendActions({
  op,
  copyable,
  shareUrl,
  sending,
  blocked,
  canClear,
  onSend,
  onClear,
}: SendActionsProps) {
  const def = operations[op];
  const [confirming, setConfirming] = useState(false);
  const send = () => {
    setConfirming(false);
    onSend();
  };
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          onClick={() => (def.effect === 'write' ? setConfirming(true) : send())}
          loading={sending}
          disabled={blocked}
        >
          Send
        </Button>
        <CopyCode label="Copy as curl" value={toCurl(copyable)} />
        <CopyCode label="Copy as fetch" value={toFetch(copyable)} />
        <CopyCode label="Copy link" value={shareUrl} />
        <Button variant="subtle" size="xs" onClick={onClear} disabled={!canClear}>
          Clear
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`Send ${op}?`} centered>
        <Stack gap="sm">
          <Text size="sm">
            This operation changes data on the service ({def.summary.toLowerCase()}). It cannot be undone from
            here.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="orange" onClick={send}>
              Send {op}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
