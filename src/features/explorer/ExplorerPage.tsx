// The API explorer: pick one of the 20 operations, fill its form (generated from the contract) or its JSON —
// the two follow each other — send it, and read the reply. Operation and request live in the URL.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Grid,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { prepareRequest } from '../../api/client';
import { appUrl } from '../../config/base';
import { useConfig } from '../../config/config';
import { routes } from '../../routes/routes';
import { useSession } from '../../session/session';
import { operations, type OperationName } from '../../contract/operations';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { checkDraft, parseDraft, stringifyDraft, toRequest } from './model/draft';
import { API_KEY_PLACEHOLDER, SESSION_PLACEHOLDER, toCurl, toFetch } from './model/export';
import { formModel, type Draft } from './model/form';
import { operationList, readShare, searchOperations, writeShare } from './model/operations';
import { EVERYTHING, sendOperation } from './queries';
import { ReplyView } from './ReplyView';
import { RequestForm } from './RequestForm';

const DEFAULT_OP: OperationName = 'ProjectGetRequest';

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

export function ExplorerPage() {
  useDocumentTitle('API explorer · PM Console');
  const config = useConfig();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const initial = useMemo(() => readShare(params), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [op, setOp] = useState<OperationName>(initial.op ?? DEFAULT_OP);
  const [draft, setDraftState] = useState<Draft>(initial.draft);
  const [text, setText] = useState(() => stringifyDraft(initial.draft));
  const [jsonError, setJsonError] = useState<string | undefined>(initial.error);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState(false);
  const drafts = useRef(new Map<OperationName, Draft>());

  const def = operations[op];
  const fields = useMemo(() => formModel(def.request), [def]);
  const issues = useMemo(() => checkDraft(def.request, draft), [def, draft]);
  const shown = searchOperations(search);

  // The URL follows the editor (replace: no history entry per keystroke); a link opened elsewhere (the
  // command palette) is followed.
  const written = useRef(params.toString());
  const [settled] = useDebouncedValue({ op, draft }, 300);
  useEffect(() => {
    const next = writeShare(settled.op, settled.draft);
    if (next !== written.current) {
      written.current = next;
      setParams(new URLSearchParams(next), { replace: true });
    }
  }, [settled, setParams]);
  const urlString = params.toString();
  useEffect(() => {
    if (urlString === written.current) return;
    written.current = urlString;
    const shared = readShare(new URLSearchParams(urlString));
    if (!shared.op) return;
    setOp(shared.op);
    setDraftState(shared.draft);
    setText(stringifyDraft(shared.draft));
    setJsonError(shared.error);
  }, [urlString]);

  const send = useMutation({
    mutationFn: ({ name, request }: { name: OperationName; request: Draft }) => sendOperation(name, request),
    meta: def.effect === 'write' ? { invalidates: EVERYTHING } : undefined,
  });

  const setDraft = (next: Draft) => {
    setDraftState(next);
    setText(stringifyDraft(next));
    setJsonError(undefined);
  };
  const onText = (value: string) => {
    setText(value);
    const parsed = parseDraft(value);
    if (parsed.ok) {
      setDraftState(parsed.draft);
      setJsonError(undefined);
    } else {
      setJsonError(parsed.error);
    }
  };
  const choose = (name: OperationName) => {
    if (name === op) return;
    drafts.current.set(op, draft);
    const next = drafts.current.get(name) ?? {};
    setOp(name);
    setDraftState(next);
    setText(stringifyDraft(next));
    setJsonError(undefined);
    send.reset();
  };
  const doSend = () => {
    setConfirming(false);
    send.mutate({ name: op, request: draft });
  };
  const onSend = () => (def.effect === 'write' ? setConfirming(true) : doSend());

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
          <Stack gap="xs" component="nav" aria-label="Operations">
            <TextInput
              label="Find an operation"
              placeholder="Name, route or summary"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {shown.length} of {operationList.length} operations
            </Text>
            <ScrollArea.Autosize mah="70vh" type="auto">
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {shown.map((o) => (
                  <li key={o.name}>
                    <NavLink
                      component="button"
                      type="button"
                      active={o.name === op}
                      aria-current={o.name === op ? 'true' : undefined}
                      onClick={() => choose(o.name)}
                      label={o.name}
                      description={`${o.method} ${o.path}`}
                      rightSection={
                        o.effect === 'write' ? (
                          <Badge size="xs" color="orange" variant="light">
                            write
                          </Badge>
                        ) : undefined
                      }
                    />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md" component="section" aria-labelledby="explorer-op-title">
            <div>
              <Group gap="xs" wrap="wrap">
                <Title order={2} size="h3" id="explorer-op-title">
                  {op}
                </Title>
                {def.effect === 'write' && (
                  <Badge color="orange" variant="light">
                    changes data
                  </Badge>
                )}
                {def.auth === 'admin' && <Badge variant="light">admins</Badge>}
              </Group>
              <Text size="sm">{def.summary}</Text>
              <Text size="sm" c="dimmed">
                <Code>
                  {copyable.method} {new URL(copyable.url).pathname}
                </Code>{' '}
                → {def.response.name}
              </Text>
            </div>
            {adminOnly && (
              <Alert color="orange" variant="light" title="Admins only">
                The request log answers only an admin's API key; your account will get 403.
              </Alert>
            )}
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Stack gap="xs" component="section" aria-labelledby="explorer-form-title">
                  <Title order={3} size="h5" id="explorer-form-title">
                    Form
                  </Title>
                  {jsonError && (
                    <Text size="sm" c="orange.8">
                      The JSON has an error: the form shows the last valid request.
                    </Text>
                  )}
                  <RequestForm fields={fields} draft={draft} onChange={setDraft} />
                  {'authSessionKey' in def.request.fields && (
                    <Text size="xs" c="dimmed">
                      authSessionKey is added from your session when the request is sent.
                    </Text>
                  )}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Stack gap="xs" component="section" aria-labelledby="explorer-json-title">
                  <Title order={3} size="h5" id="explorer-json-title">
                    JSON
                  </Title>
                  <Textarea
                    label="Request JSON"
                    description="DateTime as ISO 8601, TimeSpan as an ISO 8601 duration"
                    autosize
                    minRows={8}
                    maxRows={30}
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                    value={text}
                    error={jsonError}
                    onChange={(e) => onText(e.currentTarget.value)}
                  />
                  {issues.length > 0 && !jsonError && (
                    <Alert color="yellow" variant="light" title="The service may refuse this" p="xs">
                      <Stack gap={2} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
                        {issues.slice(0, 10).map((i) => (
                          <Text size="sm" component="li" key={i.path + i.message}>
                            <Code>{i.path || '(request)'}</Code> {i.message}
                          </Text>
                        ))}
                      </Stack>
                    </Alert>
                  )}
                </Stack>
              </Grid.Col>
            </Grid>
            <Group gap="xs" wrap="wrap">
              <Button onClick={onSend} loading={send.isPending} disabled={!!jsonError}>
                Send
              </Button>
              <CopyCode label="Copy as curl" value={toCurl(copyable)} />
              <CopyCode label="Copy as fetch" value={toFetch(copyable)} />
              <CopyCode label="Copy link" value={shareUrl} />
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setDraft({})}
                disabled={!Object.keys(draft).length}
              >
                Clear
              </Button>
            </Group>
            {send.isError && <ErrorAlert error={send.error} title="The request was not sent" />}
            {send.data && send.data.operation === op && <ReplyView exchange={send.data} />}
          </Stack>
        </Grid.Col>
      </Grid>
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
            <Button color="orange" onClick={doSend}>
              Send {op}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default ExplorerPage;
