import base from './vite.config';
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
const cfg: any = base;
cfg.plugins.push({
  name: 'analyze', apply: 'build',
  generateBundle(_o: any, bundle: any) {
    const out: any = {};
    for (const [f, c] of Object.entries<any>(bundle)) {
      if (c.type !== 'chunk') continue;
      const groups: Record<string, number> = {};
      for (const [id, m] of Object.entries<any>(c.modules)) {
        const key = id.replace(/.*\/work\/main\//, "");
        groups[key] = (groups[key] ?? 0) + (m.code ? gzipSync(m.code, {level:9}).length : 0);
      }
      out[f] = Object.entries(groups).sort((a,b)=>b[1]-a[1]);
    }
    writeFileSync('/tmp/analyze2.json', JSON.stringify(out, null, 1));
  },
});
export default cfg;
