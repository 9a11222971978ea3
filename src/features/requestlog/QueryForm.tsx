// Every query parameter of operation 20, as a form. Applying it writes the query into the URL.
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { MAX_TAKE } from '../../contract/requestLog';
import type { LogQuery } from './model/query';

const WINDOWS = [
  { value: 'any', label: 'Any time' },
  { value: '300', label: 'Last 5 minutes' },
  { value: '900', label: 'Last 15 minutes' },
  { value: '3600', label: 'Last hour' },
  { value: '86400', label: 'Last 24 hours' },
  { value: '604800', label: 'Last 7 days' },
];

const TRI = [
  { value: 'any', label: 'Any' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

type Draft = Record<keyof LogQuery, string>;

const toDraft = (q: LogQuery): Draft => {
  const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return {
    beforeSecs: s(q.beforeSecs),
    afterSecs: s(q.afterSecs),
    ipAddress: s(q.ipAddress),
    forwardedFor: s(q.forwardedFor),
    userAuthId: s(q.userAuthId),
    sessionId: s(q.sessionId),
    referer: s(q.referer),
    pathInfo: s(q.pathInfo),
    ids: q.ids?.join(', ') ?? '',
    beforeId: s(q.beforeId),
    afterId: s(q.afterId),
    hasResponse: s(q.hasResponse),
    withErrors: s(q.withErrors),
    skip: s(q.skip),
    take: s(q.take),
    durationLongerThan: s(q.durationLongerThan),
    durationLessThan: s(q.durationLessThan),
  };
};

type Errors = Partial<Record<keyof LogQuery, string>>;

function fromDraft(d: Draft): { query: LogQuery; errors: Errors } {
  const q: LogQuery = {};
  const errors: Errors = {};
  const int = (key: keyof LogQuery, label: string, max = 2_147_483_647) => {
    const v = d[key].trim();
    if (!v) return;
    if (!/^\d+$/.test(v) || Number(v) > max)
      errors[key] = `${label} must be a whole number from 0 to ${max}.`;
    else (q as Record<string, unknown>)[key] = Number(v);
  };
  const num = (key: 'durationLongerThan' | 'durationLessThan') => {
    const v = d[key].trim();
    if (!v) return;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) errors[key] = 'Enter a duration in milliseconds (0 or more).';
    else q[key] = n;
  };
  const str = (key: 'ipAddress' | 'forwardedFor' | 'userAuthId' | 'sessionId' | 'referer' | 'pathInfo') => {
    const v = d[key].trim();
    if (v) q[key] = v;
  };
  int('beforeSecs', 'Newer than');
  int('afterSecs', 'Older than');
  str('ipAddress');
  str('forwardedFor');
  str('userAuthId');
  str('sessionId');
  str('referer');
  str('pathInfo');
  if (d.ids.trim()) {
    const parts = d.ids.split(/[\s,]+/).filter(Boolean);
    if (parts.some((p) => !/^\d{1,10}$/.test(p))) errors.ids = 'Ids are whole numbers separated by commas.';
    else q.ids = parts.map(Number);
  }
  int('beforeId', 'Up to id');
  int('afterId', 'After id');
  if (d.hasResponse) q.hasResponse = d.hasResponse === 'true';
  if (d.withErrors) q.withErrors = d.withErrors === 'true';
  int('skip', 'Skip');
  int('take', 'Take', MAX_TAKE);
  if (q.take === 0) {
    delete q.take;
    errors.take = `Take must be from 1 to ${MAX_TAKE}.`;
  }
  num('durationLongerThan');
  num('durationLessThan');
  return { query: q, errors };
}

export interface QueryFormProps {
  query: LogQuery;
  onApply: (q: LogQuery) => void;
  onClear: () => void;
}

/** Keyed by the URL's query by its parent, so it starts again from the URL when that changes. */
export function QueryForm({ query, onApply, onClear }: QueryFormProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(query));
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof LogQuery) => (value: string | number | null) =>
    setDraft((d) => ({ ...d, [key]: value === null ? '' : String(value) }));
  const text = (key: keyof LogQuery, label: string, placeholder?: string) => (
    <TextInput
      size="xs"
      label={label}
      placeholder={placeholder}
      value={draft[key]}
      error={errors[key]}
      onChange={(e) => set(key)(e.currentTarget.value)}
    />
  );
  // Plain text inputs with a numeric keyboard: the values are checked on Apply (fromDraft), with a message at
  // the field. (Mantine's NumberInput would add ~8 KB gzip to this screen for spinner buttons.)
  const number = (key: keyof LogQuery, label: string, placeholder?: string) => (
    <TextInput
      size="xs"
      label={label}
      placeholder={placeholder}
      inputMode={key.startsWith('duration') ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={draft[key]}
      error={errors[key]}
      onChange={(e) => set(key)(e.currentTarget.value)}
    />
  );
  const pick = (key: keyof LogQuery) => (v: string | null) => set(key)(v === 'any' ? '' : v);
  const windows =
    draft.beforeSecs && !WINDOWS.some((w) => w.value === draft.beforeSecs)
      ? [...WINDOWS, { value: draft.beforeSecs, label: `Last ${draft.beforeSecs} s` }]
      : WINDOWS;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { query: q, errors: errs } = fromDraft(draft);
    setErrors(errs);
    if (Object.keys(errs).length === 0) onApply(q);
  };

  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} aria-label="Query">
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs" verticalSpacing="xs">
        <Select
          size="xs"
          label="Time window"
          data={windows}
          value={draft.beforeSecs || 'any'}
          onChange={pick('beforeSecs')}
          allowDeselect={false}
        />
        {number('beforeSecs', 'Newer than (s ago)', 'any')}
        {number('afterSecs', 'Older than (s ago)', 'any')}
        {text('pathInfo', 'Path', '/api/internal/…')}
        {text('userAuthId', 'User')}
        {text('ipAddress', 'IP address')}
        {text('forwardedFor', 'Forwarded for')}
        {text('sessionId', 'Session', 'sess-…')}
        {text('referer', 'Referer')}
        {text('ids', 'Ids', '12, 15, 40')}
        {number('beforeId', 'Up to id')}
        {number('afterId', 'After id')}
        <Select
          size="xs"
          label="With errors"
          data={TRI}
          value={draft.withErrors || 'any'}
          onChange={pick('withErrors')}
          allowDeselect={false}
        />
        <Select
          size="xs"
          label="Has response"
          data={TRI}
          value={draft.hasResponse || 'any'}
          onChange={pick('hasResponse')}
          allowDeselect={false}
        />
        {number('durationLongerThan', 'Longer than (ms)')}
        {number('durationLessThan', 'Shorter than (ms)')}
        {number('skip', 'Skip', '0')}
        {number('take', 'Take', '100')}
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button type="submit" size="xs">
          Apply
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setErrors({});
            onClear();
          }}
        >
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}
