// The API explorer: pick one of the 20 operations, fill its form (generated from the contract) or its JSON —
// the two follow each other — send it, and read the reply. Operation and request live in the URL.
import { useMemo } from 'react';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { prepareRequest } from '../../api/client';
import { appUrl } from '../../config/base';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useSession } from '../../session/session';
import { operations, type OperationName } from '../../contract/operations';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { toRequest } from './model/draft';
import { API_KEY_PLACEHOLDER, SESSION_PLACEHOLDER } from './model/export';
import type { Draft } from './model/form';
import { writeShare } from './model/operations';
import { OperationHeader } from './OperationHeader';
import { OperationList } from './OperationList';
import { EVERYTHING, sendOperation } from './queries';
import { ReplyView } from './ReplyView';
import { RequestEditor } from './RequestEditor';
import { SendActions } from './SendActions';
import { useExplorerDraft } from './useExplorerDraft';

export function ExplorerPage() {
  useDocumentTitle('API explorer · PM Console');
  const config = useConfig();
  const session = useSession();
  const { op, draft, text, jsonError, setDraft, onText, choose } = useExplorerDraft();
  const def = operations[op];

  const send = useMutation({
    mutationFn: ({ name, request }: { name: OperationName; request: Draft }) => sendOperation(name, request),
    meta: def.effect === 'write' ? { invalidates: EVERYTHING } : undefined,
  });
  const pick = (name: OperationName) => {
    if (name === op) return;
    choose(name);
    send.reset();
  };

  // What would go over the wire, with the keys as placeholders: for copy as curl / fetch.
  const copyable = useMemo(() => {
    const prepared = prepareRequest(op, toRequest(def.request, draft) as object, {
      sessionKey: SESSION_PLACEHOLDER,
      apiKey: API_KEY_PLACEHOLDER,
    });
    // Resolved as fetch() resolves it: against the document's base URL.
    return { ...prepared, url: new URL(prepared.url, document.baseURI).toString() };
  }, [op, def, draft]);
  // Under the path the console is served at (src/config/base.ts).
  const shareUrl = appUrl(routes.apiExplorer.href(writeShare(op, draft)));
  const adminOnly = def.auth === 'admin' && session?.isAdmin !== true;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>API explorer</Title>
        <Text size="sm" c="dimmed">
          Try any operation of the service with your own session. Route style: {config.routeStyle}.
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <OperationList current={op} onChoose={pick} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md" component="section" aria-labelledby="explorer-op-title">
            <OperationHeader op={op} method={copyable.method} url={copyable.url} adminOnly={adminOnly} />
            <RequestEditor
              op={op}
              draft={draft}
              text={text}
              jsonError={jsonError}
              onDraft={setDraft}
              onText={onText}
            />
            <SendActions
              op={op}
              copyable={copyable}
              shareUrl={shareUrl}
              sending={send.isPending}
              blocked={!!jsonError}
              canClear={Object.keys(draft).length > 0}
              onSend={() => send.mutate({ name: op, request: draft })}
              onClear={() => setDraft({})}
            />
            {send.isError && <ErrorAlert error={send.error} title="The request was not sent" />}
            {send.data && send.data.operation === op && <ReplyView exchange={send.data} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default ExplorerPage;
