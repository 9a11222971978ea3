// The project's folders as a tree beside the browser. A branch asks for its children (FolderReadIssueRequest)
// only when it is opened; the branches on the way to the current folder start open.
import { useState } from 'react';
import { Anchor, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderChildrenQuery } from '../../api/queries/folders';
import { folderPath } from '../../routes/routes';
import { useConfig } from '../../config/config';
import type { Folder } from '../../contract/dtos';
import classes from './FolderTree.module.css';

interface TreeProps {
  projectId: number;
  currentId: number;
  /** Ids from the root down to the current folder: these start expanded. */
  openPath: number[];
}

function Branch({ parentId, depth, ...props }: TreeProps & { parentId: number; depth: number }) {
  const children = useQuery(folderChildrenQuery(parentId));
  if (children.isPending) {
    return (
      <Group gap={6} pl={depth * 14 + 22} py={4} role="none">
        <Loader size={12} />
        <Text size="xs" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  }
  if (children.isError && !children.data) {
    return (
      <Text size="xs" c="red" pl={depth * 14 + 22} py={4} role="none">
        Could not load: {children.error.message}{' '}
        <Anchor component="button" size="xs" onClick={() => void children.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  }
  if (children.data.length === 0) {
    return (
      <Text size="xs" c="dimmed" pl={depth * 14 + 22} py={4} role="none">
        No folders
      </Text>
    );
  }
  return (
    <ul role="group" className={classes.list}>
      {children.data.map((child) => (
        <Node key={child.folderId} folder={child} depth={depth} {...props} />
      ))}
    </ul>
  );
}

function Node({ folder, depth, ...props }: TreeProps & { folder: Folder; depth: number }) {
  const config = useConfig();
  const id = folder.folderId ?? 0;
  const [toggled, setOpen] = useState<boolean>();
  const open = toggled ?? props.openPath.includes(id);
  const to = folderPath(props.projectId, folder, config);
  const current = id === props.currentId;
  const label = folder.folderName || `Folder ${id}`;
  return (
    <li
      role="treeitem"
      aria-expanded={open}
      aria-selected={current}
      aria-label={label}
      className={classes.item}
    >
      <Group gap={2} wrap="nowrap" pl={depth * 14} className={current ? classes.current : classes.row}>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setOpen(!open)}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </UnstyledButton>
        {to ? (
          <Anchor
            component={Link}
            to={to}
            size="sm"
            c="inherit"
            truncate="end"
            fw={current ? 600 : undefined}
            aria-current={current ? 'page' : undefined}
            title={label}
          >
            {label}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end">
            {label}
          </Text>
        )}
      </Group>
      {open && id > 0 && <Branch parentId={id} depth={depth + 1} {...props} />}
    </li>
  );
}

export function FolderTree({
  rootFolderId,
  projectName,
  ...props
}: TreeProps & { rootFolderId: number; projectName?: string }) {
  const root: Folder = { folderId: rootFolderId, folderName: projectName || 'Project folders' };
  // The branches on the way to the current folder are asked for together, not one level after the other as
  // each opens (the folder's ancestors are known from the breadcrumbs).
  useQueries({ queries: [rootFolderId, ...props.openPath].map((id) => folderChildrenQuery(id)) });
  return (
    <nav aria-label="Folder tree">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
        Folders
      </Text>
      <ul role="tree" aria-label="Project folders" className={classes.list}>
        <Node folder={root} depth={0} {...props} openPath={[rootFolderId, ...props.openPath]} />
      </ul>
    </nav>
  );
}
