// The request, twice: the form generated from the contract and the JSON text, both editing one draft.
import { useMemo } from 'react';
import { Alert, Code, Grid, Stack, Text, Textarea, Title } from '@mantine/core';
import { operations, type OperationName } from '../../contract/operations';
import { checkDraft } from './model/draft';
import { formModel, type Draft } from './model/form';
import { RequestForm } from './RequestForm';

export interface RequestEditorProps {
  op: OperationName;
  draft: Draft;
  /** The JSON as typed, and why it does not parse (the form then shows the last valid request). */
  text: string;
  jsonError: string | undefined;
  onDraft: (draft: Draft) => void;
  onText: (text: string) => void;
}

export function RequestEditor({ op, draft, text, jsonError, onDraft, onText }: RequestEditorProps) {
  const def = operations[op];
  const fields = useMemo(() => formModel(def.request), [def]);
  const issues = useMemo(() => checkDraft(def.request, draft), [def, draft]);
  return (
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
          <RequestForm fields={fields} draft={draft} onChange={onDraft} />
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
  );
}
