import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * A spinner in place of a page that is loading. With `showLabel` the label is written under it as well (the
 * console's first screen, while its code and data arrive: the first thing drawn then is words, not only motion).
 */
export function PageLoader({
  label = 'Loading',
  showLabel = false,
}: {
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <Center mih={200} role="status" aria-label={label}>
      <Stack align="center" gap="xs">
        <Loader />
        {showLabel && (
          <Text size="sm" c="dimmed" aria-hidden>
            {label}…
          </Text>
        )}
      </Stack>
    </Center>
  );
}
