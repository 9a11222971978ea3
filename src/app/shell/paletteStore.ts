// The command palette's own Spotlight store (the header's button opens it).
import { createSpotlight } from '@mantine/spotlight';

export const [paletteStore, palette] = createSpotlight();
