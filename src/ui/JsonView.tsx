// A collapsible, searchable JSON tree with copy. Values are rendered as text; a `__type` key (ServiceStack's
// type hint) is shown quietly. Large documents start collapsed below the first levels.
import { memo, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, CopyButton, Group, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import classes from './JsonView.module.css';

export interface JsonViewProps {
  value: unknown;
  /** Accessible name of the tree (e.g. "Request DTO"). */
  label: string;
  /** Levels open at first (default 2). */
  openDepth?: number;
  /** Text copied by the copy button (default: the value as indented JSON). */
  copyText?: string;
}

type Path = string;

function matches(value: unknown, key: string | undefined, needle: string): boolean {
  if (!needle) return false;
  if (key !== undefined && key.toLowerCase().includes(needle)) return true;
  if (value === null || typeof value !== 'object') return String(value).toLowerCase().includes(needle);
  return false;
}

/** Paths of containers that hold a match below them (to open them while searching), and the match count. */
function searchTree(value: unknown, needle: string): { open: Set<Path>; count: number } {
  const open = new Set<Path>();
  let count = 0;
  const walk = (v: unknown, key: string | undefined, path: Path): boolean => {
    let hit = matches(v, key, needle);
    if (hit) count++;
    if (v && typeof v === 'object') {
      let below = false;
      for (const [k, child] of Object.entries(v)) if (walk(child, k, `${path}/${k}`)) below = true;
      if (below) open.add(path);
      hit = hit || below;
    }
    return hit;
  };
  if (needle) walk(value, undefined, '');
  return { open, count };
}

function Highlight({ text, needle }: { text: string; needle: string }) {
  if (!needle) return <>{text}</>;
  const i = text.toLowerCase().indexOf(needle);
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark>{text.slice(i, i + needle.length)}</mark>
      {text.slice(i + needle.length)}
    </>
  );
}

function Scalar({ value, needle }: { value: unknown; needle: string }) {
  if (value === null) return <span className={classes.dimmed}>null</span>;
  if (typeof value === 'string') {
    return (
      <span className={classes.string}>
        &quot;
        <Highlight text={value} needle={needle} />
        &quot;
      </span>
    );
  }
  return (
    <span className={typeof value === 'number' ? classes.number : classes.bool}>
      <Highlight text={String(value)} needle={needle} />
    </span>
  );
}

interface NodeProps {
  name?: string;
  value: unknown;
  path: Path;
  depth: number;
  openDepth: number;
  needle: string;
  searchOpen: Set<Path>;
  toggled: Map<Path, boolean>;
  onToggle: (path: Path, open: boolean) => void;
}

const Node = memo(function Node(props: NodeProps) {
  const { name, value, path, depth, openDepth, needle, searchOpen, toggled, onToggle } = props;
  const typeHint = name === '__type';
  const keyLabel: ReactNode =
    name === undefined ? null : (
      <span className={typeHint ? classes.dimmed : classes.key}>
        <Highlight text={name} needle={needle} />:{' '}
      </span>
    );
  if (value === null || typeof value !== 'object') {
    return (
      <div style={{ paddingLeft: 18 }} role="treeitem" aria-selected={false}>
        {keyLabel}
        <Scalar value={value} needle={needle} />
      </div>
    );
  }
  const entries = Object.entries(value);
  const isArray = Array.isArray(value);
  const open = searchOpen.has(path) || (toggled.get(path) ?? depth < openDepth);
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <div role="treeitem" aria-expanded={open} aria-selected={false}>
      <UnstyledButton
        onClick={() => onToggle(path, !open)}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name ?? 'root'}`}
        style={{ fontFamily: 'inherit', fontSize: 'inherit' }}
      >
        <span className={classes.dimmed} style={{ display: 'inline-block', width: 18 }}>
          {open ? '▾' : '▸'}
        </span>
        {keyLabel}
        <span className={classes.dimmed}>{summary}</span>
      </UnstyledButton>
      {open && (
        <div role="group" style={{ paddingLeft: 16 }}>
          {entries.length === 0 && (
            <div className={classes.dimmed} style={{ paddingLeft: 18 }}>
              (empty)
            </div>
          )}
          {entries.map(([k, v]) => (
            <Node
              key={k}
              {...props}
              name={isArray ? k : k}
              value={v}
              path={`${path}/${k}`}
              depth={depth + 1}
            />
          ))}
        </div>
      )}
    </div>
  );
});

export function JsonView({ value, label, openDepth = 2, copyText }: JsonViewProps) {
  const [query, setQuery] = useState('');
  const [toggled, setToggled] = useState(() => new Map<Path, boolean>());
  const needle = query.trim().toLowerCase();
  const { open: searchOpen, count } = useMemo(() => searchTree(value, needle), [value, needle]);
  const text = useMemo(() => copyText ?? JSON.stringify(value, null, 2) ?? '', [value, copyText]);
  const onToggle = (path: Path, open: boolean) => setToggled((m) => new Map(m).set(path, open));
  const isContainer = value !== null && typeof value === 'object';

  return (
    <Box>
      <Group gap="xs" mb={4} wrap="nowrap">
        {isContainer && (
          <TextInput
            size="xs"
            placeholder="Search keys and values"
            aria-label={`Search ${label}`}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: 1 }}
            rightSection={
              needle ? (
                <Text size="xs" c="dimmed" pr={4}>
                  {count}
                </Text>
              ) : null
            }
          />
        )}
        <CopyButton value={text} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
              <Button variant="subtle" size="compact-xs" onClick={copy} aria-label={`Copy ${label}`}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Box
        role="tree"
        aria-label={label}
        ff="monospace"
        fz="xs"
        p="xs"
        style={{
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-sm)',
          overflowX: 'auto',
          lineHeight: 1.6,
        }}
      >
        <Node
          value={value}
          path=""
          depth={0}
          openDepth={openDepth}
          needle={needle}
          searchOpen={searchOpen}
          toggled={toggled}
          onToggle={onToggle}
        />
      </Box>
    </Box>
  );
}
