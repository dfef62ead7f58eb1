/**
 * `node --import` this in a host process (the restart test's serve.ts) to send Neon's serverless
 * driver to the local proxy on NEON_LOCAL_PROXY_PORT (src/testing/neon-local-proxy.ts), as
 * the real-Postgres suite does in its own process.
 */
import { neonConfig } from '@neondatabase/serverless';
import { neonConfigFor } from './neon-local-proxy.ts';

const port = Number(process.env.NEON_LOCAL_PROXY_PORT);
if (!port) throw new Error('NEON_LOCAL_PROXY_PORT must name the local Neon proxy');
Object.assign(neonConfig, neonConfigFor({ port }));
