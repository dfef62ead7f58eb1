import { describe, expect, it } from 'vitest';
import { databaseUnavailableResponse } from './db-errors';

describe('databaseUnavailableResponse', () => {
  it('answers 503 with Retry-After for a database that cannot be reached', async () => {
    const res = databaseUnavailableResponse(
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    );
    expect(res?.status).toBe(503);
    expect(res?.headers.get('retry-after')).toBe('30');
    expect(res?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res?.json()).toEqual({
      error:
        'We could not reach our database. Nothing you typed was lost; please try again in a minute.',
    });
  });

  it('leaves a failed query (a bug, not an outage) to the caller', () => {
    const duplicate = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(databaseUnavailableResponse(duplicate)).toBeNull();
    expect(databaseUnavailableResponse(new Error('boom'))).toBeNull();
  });
});
