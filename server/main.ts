// `npm run serve`: the reference service on PORT (8080), HOST (127.0.0.1), data in DATA_DIR (./data),
// serving the built console from dist/ when it is there.
import { resolve } from 'node:path';
import { startService } from './service';

const env = process.env;
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const bool = (v: string | undefined) => (v === undefined ? undefined : /^(1|true|on|yes)$/i.test(v));

export async function main() {
  const service = await startService({
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    sessionTtlSeconds: env.SESSION_TTL_SECONDS ? Number(env.SESSION_TTL_SECONDS) : undefined,
    logRetention: env.REQUEST_LOG_RETENTION ? Number(env.REQUEST_LOG_RETENTION) : undefined,
    corsOrigins: list(env.CORS_ORIGINS),
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    development: env.NODE_ENV === 'development',
    seedVariant: env.SEED_VARIANT === 'xss' ? 'xss' : undefined,
    cspConnectSrc: list(env.CSP_CONNECT_SRC),
    tracking: {
      enableSessionTracking: bool(env.TRACK_SESSIONS),
      enableResponseTracking: bool(env.TRACK_RESPONSES),
      enableErrorTracking: bool(env.TRACK_ERRORS),
    },
  });
  console.log(`PM Console and service: ${service.url}/`);
  console.log('Demo users: admin / admin (Admin), pm / pm (project staff)');
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
