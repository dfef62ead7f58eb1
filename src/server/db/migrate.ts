// Refuses a hosted Netlify Database: the platform applies the same files when a deploy is
// published, and a migration run from elsewhere would drift from the history it keeps.
import { closeDb, databaseTarget, getDb } from './client.ts';
import { loadLocalEnv } from '../local-env.ts';

loadLocalEnv();

const target = databaseTarget();
if (target.kind === 'netlify') {
  console.error(
    'db:migrate: NETLIFY_DB_URL is a hosted Netlify Database. Netlify applies ' +
      'netlify/database/migrations itself when a deploy is published; commit the migration ' +
      'and deploy instead.',
  );
  process.exitCode = 1;
} else if (target.kind === 'pglite' && !target.dir) {
  console.log(
    'db:migrate: no DATABASE_URL, NETLIFY_DB_URL or PGLITE_DIR set; nothing to migrate ' +
      '(tests and `npm run dev` migrate their own databases on first use).',
  );
} else {
  await getDb();
  await closeDb();
  console.log('db:migrate: the database is up to date with netlify/database/migrations.');
}
