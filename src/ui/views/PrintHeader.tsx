// The print-only header of a printed list or minutes (the browser's print to PDF): what is printed (the saved
// view's name, else the screen's title), the project and the day. Hidden on screen (print.module.css).
import { Group, Stack, Text } from '@mantine/core';
import print from '../print.module.css';
import { usePrintedViewName } from './printTitle';

export function PrintHeader({ title, project }: { title: string; project?: string }) {
  const viewName = usePrintedViewName();
  const day = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className={print.onlyPrint} data-testid="print-header">
      <Stack gap={2} pb={6} style={{ borderBottom: '1px solid #999' }}>
        <Text fw={700} size="lg">
          {viewName ? `${viewName} · ${title}` : title}
        </Text>
        <Group gap="md">
          {project && <Text size="sm">Project: {project}</Text>}
          <Text size="sm">Printed {day}</Text>
        </Group>
      </Stack>
    </div>
  );
}
