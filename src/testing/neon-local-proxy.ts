/**
 * Lets Neon's serverless driver (what drizzle's Netlify driver uses inside functions) reach a
 * plain local Postgres, the way Neon's own proxy does in production:
 * - WebSocket (`Pool`, `Client`: transactions): each socket is piped byte for byte to a TCP
 *   connection to Postgres, which is all Neon's wsproxy does;
 * - HTTP (`neon()`: single queries): POST /sql with `{query, params}` runs the query on a
 *   fresh connection and answers in Neon's format (text values in array rows, with each
 *   field's type id, so the driver parses them as it does Neon's answers); an error is a 400
 *   with Postgres's fields (code, detail, ...), as Neon sends it.
 * {@link neonConfigFor} points the driver at it.
 */
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { WebSocketServer } from 'ws';

export type NeonLocalProxy = {
  port: number;
  /** What went through the proxy, so a test can show both of Neon's paths were taken. */
  stats: { httpQueries: number; webSockets: number };
  close: () => Promise<void>;
};

const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** Every value as Postgres's text, as Neon's HTTP endpoint sends it. */
const rawText = { getTypeParser: () => (value: string) => value };

export async function startNeonLocalProxy(postgresUrl: string): Promise<NeonLocalProxy> {
  const target = new URL(postgresUrl);
  const stats = { httpQueries: 0, webSockets: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/sql')) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stats.httpQueries += 1;
      const database = databaseFor(postgresUrl, req.headers['neon-connection-string']);
      void answerSql(database, Buffer.concat(chunks).toString('utf8')).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => {
    stats.webSockets += 1;
    const tcp = net.connect(Number(target.port), target.hostname);
    tcp.on('data', (data) => socket.send(data));
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
    socket.on('message', (data: Buffer) => tcp.write(data));
    socket.on('close', () => tcp.destroy());
    socket.on('error', () => tcp.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    stats,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The server of `postgresUrl` with the database (and user) the driver asked for. */
function databaseFor(postgresUrl: string, requested: string | string[] | undefined): string {
  const url = new URL(postgresUrl);
  if (typeof requested !== 'string') return postgresUrl;
  const asked = new URL(requested);
  url.pathname = asked.pathname;
  if (asked.username) url.username = asked.username;
  return url.toString();
}

async function answerSql(
  postgresUrl: string,
  payload: string,
): Promise<{ status: number; body: unknown }> {
  const { query, params } = JSON.parse(payload) as { query: string; params: unknown[] };
  const client = new pg.Client({ connectionString: postgresUrl, types: rawText });
  // A server shut down mid-query also emits 'error' (the query itself rejects with it): the
  // proxy must outlive that, as Neon's does.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const result = await client.query({ text: query, values: params, rowMode: 'array' });
    return {
      status: 200,
      body: {
        command: result.command,
        rowCount: result.rowCount,
        rows: result.rows,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      },
    };
  } catch (error) {
    const e = error as Record<string, unknown> & Error;
    const body: Record<string, unknown> = { message: e.message };
    for (const field of ERROR_FIELDS) if (e[field] !== undefined) body[field] = e[field];
    return { status: 400, body };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Neon driver settings that send its WebSocket and HTTP traffic to the proxy, unencrypted. */
export function neonConfigFor(proxy: Pick<NeonLocalProxy, 'port'>) {
  return {
    wsProxy: () => `127.0.0.1:${proxy.port}/v2`,
    useSecureWebSocket: false,
    // Pipelining sends the password before the server asks; a trust-auth server never asks.
    pipelineConnect: false as const,
    pipelineTLS: false,
    forceDisablePgSSL: true,
    fetchEndpoint: () => `http://127.0.0.1:${proxy.port}/sql`,
  };
}
