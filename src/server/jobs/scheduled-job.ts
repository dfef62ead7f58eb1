import { getDb, type Db } from '../db/client.ts';
import { reportToErrorWebhook } from '../error-webhook.ts';
import type { FunctionContext } from '../handler.ts';
import { errorField, inRequestScope, logLine, requestIdOf, writeLine } from '../log.ts';
import { json } from '../responses.ts';
import { recordJobEnd, recordJobStart } from './job-runs.ts';
import type { JobName } from './schedules.ts';

export type ScheduledFunction = (req?: Request, context?: FunctionContext) => Promise<Response>;

export function scheduledJob(
  name: JobName,
  job: (db: Db) => Promise<Record<string, unknown>>,
): ScheduledFunction {
  return (req, context = {}) => {
    const scope = {
      requestId: requestIdOf(req ?? new Request('http://scheduled.invalid/'), context),
      function: name,
    };
    return inRequestScope(scope, async () => {
      const started = performance.now();
      const durationMs = () => Math.round(performance.now() - started);
      let db: Db | undefined;
      try {
        db = await getDb();
        await recordJobStart(db, name);
        const result = await job(db);
        await recordJobEnd(db, name, 'ok');
        writeLine(logLine('info', 'Scheduled run finished', { durationMs: durationMs(), result }));
        return json(result);
      } catch (error) {
        const line = logLine('error', 'Scheduled run failed', {
          durationMs: durationMs(),
          error: errorField(error),
        });
        writeLine(line);
        void reportToErrorWebhook(line, context);
        if (db) await recordJobEnd(db, name, 'failed').catch(() => undefined);
        return json({ error: `${name} run failed` }, { status: 500 });
      }
    });
  };
}
