/**
 * A database whose connection dies at the worst moment: every transaction does all its work
 * and then fails with the error PostgreSQL sends when it is shut down (57P01), so nothing of
 * it is committed. What a fast restart does to a request that was half-way through.
 */
import type { Db } from '../server/db/client.ts';

export function connectionTerminated(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
}

export function dbLosingEveryCommit(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: Db) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          await work(tx);
          throw connectionTerminated();
        });
    },
  });
}
