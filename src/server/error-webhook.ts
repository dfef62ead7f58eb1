// Fire and forget: it never delays or changes an answer, and its own failure is only logged.
import { errorWebhookUrl } from './env.ts';
import { log, type LogLine } from './log.ts';

export const ERROR_WEBHOOK_TIMEOUT_MS = 3_000;

type WaitUntil = { waitUntil?: (promise: Promise<unknown>) => void };

export function reportToErrorWebhook(
  line: LogLine,
  context?: WaitUntil,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  let url: URL | undefined;
  try {
    url = errorWebhookUrl(env);
  } catch (error) {
    log('warn', 'Error webhook not used', { error: (error as Error).message });
    return Promise.resolve();
  }
  if (!url) return Promise.resolve();
  const sent = fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(line),
    signal: AbortSignal.timeout(ERROR_WEBHOOK_TIMEOUT_MS),
  })
    .then(async (res) => {
      await res.body?.cancel();
      if (!res.ok) log('warn', 'Error webhook refused the report', { webhookStatus: res.status });
    })
    .catch((error: unknown) => {
      // The URL may carry the tracker's key: only the kind of failure is logged.
      log('warn', 'Error webhook unreachable', { error: (error as Error).name });
    });
  try {
    context?.waitUntil?.(sent);
  } catch {
    // Outside an invocation there is nothing to keep alive; the promise runs on.
  }
  return sent;
}
