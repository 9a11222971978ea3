// The yardstick of the first-load budget (bench/run.ts, part `size`): a minimal Mantine app built by the same
// toolchain as the console — the same Vite, the same React plugin and the repository's PostCSS config, with
// the manifest that scripts/size.mjs reads.
//   npx vite build --config bench/baseline/vite.config.ts --outDir /tmp/baseline-dist --emptyOutDir
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  // Nothing to copy: the console's public/ (config.json, favicon) is not part of what size.mjs counts.
  publicDir: false,
  plugins: [react()],
  css: { postcss: fileURLToPath(new URL('../..', import.meta.url)) },
  build: { manifest: true },
});
