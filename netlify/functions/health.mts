// For an uptime monitor: no rate limit, no cookies, never cached, no personal data.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { ConfigurationError, readEnv } from '../../src/server/env.ts';
import { handler } from '../../src/server/handler.ts';
import { checkHealth } from '../../src/server/health/health.ts';
import { noteForRequestLog } from '../../src/server/log.ts';
import { json } from '../../src/server/responses.ts';

export default handler(['GET', 'HEAD'], async (req, context) => {
  let smtpConfigured = false;
  let configurationProblem: string | undefined;
  try {
    smtpConfigured = Boolean(readEnv().smtpUrl);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    configurationProblem = `missing or invalid ${error.missing.join(', ')}`;
  }
  const report = await checkHealth({
    openDb: getDb,
    smtpConfigured,
    jobsScheduled: context.deploy?.published === true,
    ...(configurationProblem ? { configurationProblem } : {}),
  });
  const status = report.status === 'ok' ? 200 : 503;
  const problems = failingChecks(report.checks).join('; ');
  if (status !== 200) noteForRequestLog(problems);
  const headers = {
    'Cache-Control': 'no-store',
    ...(status === 503 ? { 'Retry-After': '60' } : {}),
  };
  // Like every refusal of ours, a 503 says in `error` what is wrong.
  const body = status === 200 ? report : { ...report, error: problems };
  const response = json(body, { status, headers });
  return req.method === 'HEAD' ? new Response(null, response) : response;
});

function failingChecks(checks: Record<string, string | Record<string, string>>): string[] {
  return Object.entries(checks).flatMap(([name, value]) =>
    typeof value === 'string'
      ? value === 'ok' || value.startsWith('not ')
        ? []
        : [`${name}: ${value}`]
      : failingChecks(value).map((line) => `${name}.${line}`),
  );
}

// Netlify routes HEAD to a GET function; the handler answers both.
export const config: Config = { path: '/api/health', method: ['GET'] };
