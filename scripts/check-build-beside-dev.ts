import { freePort } from '../src/testing/postgres-server.ts';
import { startServer } from './local-netlify/serve.ts';

const ON_DEMAND_PAGE = '/test-checkout';

const port = await freePort();
const server = await startServer({ snapshot: true, quiet: true, port });
try {
  const res = await fetch(`http://127.0.0.1:${port}${ON_DEMAND_PAGE}`);
  const html = await res.text();
  if (!server.hasSsr || res.status !== 200 || !html.includes('<html')) {
    console.error(
      `${ON_DEMAND_PAGE} answered ${res.status} (SSR function loaded: ${server.hasSsr})`,
    );
    process.exitCode = 1;
  } else {
    console.log(`${ON_DEMAND_PAGE} answered 200 from the build's SSR function`);
  }
} finally {
  await server.close();
}
