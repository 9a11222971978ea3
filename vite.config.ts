import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In dev the console talks to a locally running reference service through this proxy, so config.json's
// default baseUrl "" (same origin) works unchanged. `npm run serve` starts the service on :8080.
const service = process.env.PM_SERVICE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api/internal': service,
      '/json/reply': service,
      '/requestlogs': service,
    },
  },
  build: {
    // scripts/size.mjs reads the manifest to find the sign-in route's chunks.
    manifest: true,
    // React, ReactDOM and the scheduler in one chunk: left to itself Rolldown splits them into several small
    // chunks (once enough lazy screens share them), which costs the sign-in first load ~2 KB of gzip overhead.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
