// The Views menu of a list (loaded lazily by Views.tsx): the user's saved views of the list, the one shown and
// whether the screen differs from it ("modified"), Save / Save as, rename, delete, make default, copy its link
// and print it (docs/views.md).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Box,
  Group,
  Modal,
  Popover,
  Stack,
  Text,
  TextInput,
  type ButtonProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import print from '../print.module.css';
import { freeName, viewLink } from './model';
import { setPrintedViewName } from './printTitle';
import { useViews } from './useViews';
import type { ViewsProps } from './Views';

type Ask = { kind: 'saveAs' | 'rename'; name: string } | undefined;

const failed = (title: string) => (e: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: e instanceof Error ? e.message : 'Something went wrong.',
  });

function NameDialog({
  ask,
  onClose,
  onDone,
}: {
  ask: Ask;
  onClose: () => void;
  onDone: (n: string) => void;
}) {
  const [name, setName] = useState('');
  useEffect(() => setName(ask?.name ?? ''), [ask]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onDone(name.trim());
  };
  return (
    <Modal
      opened={ask !== undefined}
      onClose={onClose}
      title={ask?.kind === 'rename' ? 'Rename view' : 'Save view as'}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="View name"
            description="The palette (Ctrl/⌘-K) finds the view by this name."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
            maxLength={80}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              {ask?.kind === 'rename' ? 'Rename' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One entry of the menu: a full-width button with the menu-item role; choosing it closes the menu. */
function Item({
  onClick,
  children,
  current,
  rightSection,
  color,
}: {
  onClick: () => void;
  children: ReactNode;
  current?: boolean;
  rightSection?: ReactNode;
  color?: ButtonProps['color'];
}) {
  return (
    <Button
      role="menuitem"
      variant="subtle"
      color={color ?? 'dark'}
      size="compact-sm"
      fullWidth
      justify="space-between"
      fw={current ? 700 : 400}
      aria-current={current ? 'true' : undefined}
      rightSection={rightSection}
      onClick={onClick}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' }, root: { height: 'auto', minHeight: 28 } }}
    >
      {children}
    </Button>
  );
}

/**
 * A menu's keys: ↓ / ↑ move between its entries (round the ends), Home / End go to the first / last. Heard on the
 * document while the menu is open, so they still work when the focus has fallen out of it to the page (an entry
 * it was on went away, or the focus trap had not placed it yet).
 */
function moveFocus(event: globalThis.KeyboardEvent, menu: HTMLElement) {
  const active = document.activeElement;
  if (active && active !== document.body && !menu.contains(active)) return;
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(active as HTMLElement);
  const to =
    event.key === 'ArrowDown'
      ? (at + 1) % items.length
      : event.key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? items.length - 1
            : undefined;
  if (to === undefined || items.length === 0) return;
  event.preventDefault();
  items[to]?.focus();
}

export function ViewsMenu({ list, spec, printable }: ViewsProps) {
  const v = useViews(list, spec);
  const [open, setOpen] = useState(false);
  const [ask, setAsk] = useState<Ask>();
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!menu.current) return;
      // Escape pressed before the focus trap has moved in (the dropdown hears only keys inside it).
      if (event.key === 'Escape' && !menu.current.contains(document.activeElement)) setOpen(false);
      else moveFocus(event, menu.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const name = v.current?.name ?? v.linked;
  useEffect(() => {
    setPrintedViewName(name);
    return () => setPrintedViewName(undefined);
  }, [name]);

  const done = (n: string) => {
    const kind = ask?.kind;
    setAsk(undefined);
    if (kind === 'rename') v.rename(n).catch(failed('Could not rename the view'));
    else v.saveAs(n).catch(failed('Could not save the view'));
  };
  const copyLink = () => {
    const link = viewLink(
      { name: name ?? 'View', path: window.location.pathname, params: v.state },
      window.location.origin,
    );
    navigator.clipboard
      ?.writeText(link)
      .then(
        () => notifications.show({ title: 'Link copied', message: 'It opens this list as it is now.' }),
        failed('Could not copy the link'),
      );
  };

  return (
    <Group gap="xs" className={print.noPrint} wrap="nowrap">
      <NameDialog ask={ask} onClose={() => setAsk(undefined)} onDone={done} />
      <Popover
        opened={open}
        onChange={setOpen}
        position="bottom-end"
        withinPortal
        shadow="md"
        width={280}
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            size="sm"
            data-testid="views-button"
            aria-haspopup="menu"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {name ? `View: ${name}` : 'Views'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown
          p={6}
          role="menu"
          aria-label="Views"
          data-testid="views-menu"
          // Choosing an entry closes the menu.
          onClick={(e) => (e.target as HTMLElement).closest('[role="menuitem"]') && setOpen(false)}
          ref={menu}
        >
          <Text size="xs" c="dimmed" fw={600} px={8} py={4}>
            Saved views
          </Text>
          {v.views?.length === 0 && (
            <Text size="xs" c="dimmed" px="sm" py={4}>
              None yet: set filters, sort and columns, then Save as.
            </Text>
          )}
          {v.views?.map((view) => (
            <Item
              key={view.id}
              onClick={() => v.open(view)}
              current={view.id === v.current?.id}
              rightSection={
                view.isDefault ? (
                  <Badge size="xs" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                    default
                  </Badge>
                ) : undefined
              }
            >
              {view.name}
            </Item>
          ))}
          <Box my={4} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} />
          {v.current && v.modified && (
            <Item onClick={() => void v.save().catch(failed('Could not save the view'))}>
              Save “{v.current.name}”
            </Item>
          )}
          <Item onClick={() => setAsk({ kind: 'saveAs', name: freeName(v.views ?? [], name ?? '') })}>
            Save as…
          </Item>
          {v.current && (
            <>
              <Item onClick={() => setAsk({ kind: 'rename', name: v.current!.name })}>Rename…</Item>
              <Item onClick={() => void v.toggleDefault()}>
                {v.current.isDefault ? 'No longer the default' : 'Open this list with this view'}
              </Item>
            </>
          )}
          <Item onClick={copyLink}>Copy link</Item>
          {printable && <Item onClick={() => requestAnimationFrame(() => window.print())}>Print / PDF</Item>}
          {name && <Item onClick={() => v.open(undefined)}>Show everything (no view)</Item>}
          {v.current && (
            <Item color="red" onClick={() => void v.remove().catch(failed('Could not delete the view'))}>
              Delete “{v.current.name}”
            </Item>
          )}
        </Popover.Dropdown>
      </Popover>
      {v.modified && (
        <Badge
          color="orange"
          variant="light"
          data-testid="view-modified"
          title="The list differs from the saved view"
        >
          modified
        </Badge>
      )}
      {v.linked && (
        <Badge color="blue" variant="light" title="This view came with a link: Save as keeps it">
          from a link
        </Badge>
      )}
    </Group>
  );
}

export default ViewsMenu;
