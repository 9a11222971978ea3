// nginx configuration for the console under a sub-path: the block docs/deploy.md gives (a unit test keeps the
// two equal) and what the nginx browser tests run (host.ts). One build, any path: index.html's `<base href="/">`
// is rewritten to the sub-path (sub_filter) and every other URL of the build is relative to it; deep links load
// index.html; hashed assets are cached for a year and sent precompressed (gzip_static); the rest is revalidated.

export interface ConsoleSite {
  /** The sub-path, with slashes at both ends: `/console/`. */
  prefix: string;
  /** The folder holding the build (index.html, assets/), absolute. */
  root: string;
  /** The Content-Security-Policy to send with the console's pages (omitted when empty). */
  csp?: string;
}

/** The `location` blocks that serve the console under `prefix` (inside a `server { … }`). */
export function consoleLocations({ prefix, root, csp }: ConsoleSite): string {
  if (!/^\/(?:[^/]+\/)*$/.test(prefix)) throw new Error(`prefix must start and end with "/": ${prefix}`);
  const dir = root.replace(/\/+$/, '');
  const cspLine = csp ? `\n    add_header Content-Security-Policy "${csp}" always;` : '';
  const bare = prefix === '/' ? '' : `location = ${prefix.slice(0, -1)} { return 301 ${prefix}; }\n`;
  return `${bare}# Hashed file names: cached for a year, sent as the .gz beside each file when there is one.
location ^~ ${prefix}assets/ {
    alias ${dir}/assets/;
    gzip_static on;
    add_header Cache-Control "public, max-age=31536000, immutable";
    add_header X-Content-Type-Options nosniff;
    try_files $uri =404;
}
# Everything else: index.html, config.json, version.json, icons, the service worker (sw.js, workbox-*.js); client-side
# routes (deep links) load index.html, whose <base href="/"> becomes the sub-path. Revalidated on every load, so a
# new deployment shows at once (a cached sw.js would hide it from the browser's update check).
location ^~ ${prefix} {
    alias ${dir}/;
    gzip_static on;
    add_header Cache-Control "no-cache";
    add_header X-Content-Type-Options nosniff;${cspLine}
    sub_filter '<base href="/"' '<base href="${prefix}"';
    sub_filter_once on;
    try_files $uri ${prefix}index.html;
}
`;
}

/** The console's Content-Security-Policy, the one the reference service sends (server/app.ts), with the service's origin. */
export function consoleCsp(serviceOrigin?: string): string {
  const connect = ["'self'", ...(serviceOrigin ? [serviceOrigin] : [])].join(' ');
  return (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
    `connect-src ${connect}; font-src 'self' data:; object-src 'none'; base-uri 'self'; ` +
    "frame-ancestors 'none'; form-action 'self'"
  );
}

export interface TestServer {
  /** Folder for nginx's pid, logs and temporary files. */
  dir: string;
  port: number;
  sites: ConsoleSite[];
}

/** A whole nginx.conf for the tests: runs in the foreground, every file it writes in `dir`. */
export function testNginxConf({ dir, port, sites }: TestServer): string {
  const indent = (text: string) => text.replace(/^(?=.)/gm, '        ');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    types { application/manifest+json webmanifest; }
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
    sendfile on;
    gzip on;
    gzip_types text/css application/javascript application/json application/manifest+json image/svg+xml;
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
${sites.map((s) => indent(consoleLocations(s))).join('')}    }
}
`;
}
