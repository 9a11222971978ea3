export function manifestPathFor(outDir: string): string;
export function findManifest(outDir: string): string | undefined;
