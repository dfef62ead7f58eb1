import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  // Netlify Database applies what is here when a deploy is published (src/server/db/migrations.ts).
  out: './netlify/database/migrations',
});
