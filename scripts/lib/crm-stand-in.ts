import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type CrmStandIn = { url: string; calls: string[]; passwords: string[]; close: () => void };

export function startCrmStandIn(): Promise<CrmStandIn> {
  const calls: string[] = [];
  const passwords: string[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
    });
  const server = createServer(async (req, res) => {
    const sent = await body(req);
    calls.push(`${req.method} ${req.url}`);
    // A real API takes a moment: concurrent callers overlap, as they would in production.
    await sleep(50);
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/locations/') {
      res.end(JSON.stringify({ id: `loc_${calls.length}` }));
    } else if (req.method === 'POST' && req.url === '/users/') {
      passwords.push(String(sent.password));
      res.end(JSON.stringify({ id: `user_${calls.length}` }));
    } else if (req.method === 'GET' && req.url?.startsWith('/users/?')) {
      res.end(JSON.stringify({ users: [] }));
    } else if (req.method === 'DELETE') {
      res.end(JSON.stringify({ succeeded: true }));
    } else {
      res.end(JSON.stringify({ location: { id: req.url?.split('/').pop() } }));
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        calls,
        passwords,
        close: () => server.close(),
      }),
    ),
  );
}
