// The command palette's own Spotlight store (in the palette's chunk; the shell opens it through PaletteHost).
import { createSpotlight } from '@mantine/spotlight';

export const [paletteStore, palette] = createSpotlight();
