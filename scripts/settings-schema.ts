/**
 * `npm run settings:schema`: writes src/content/settings.schema.json from the zod schema in
 * src/lib/site-settings.ts, so editors check settings.json and show each field's description
 * as marketing types. A unit test fails when the two disagree.
 */
import { writeFile } from 'node:fs/promises';
import { format } from 'prettier';
import { settingsJsonSchema } from '../src/lib/site-settings.schema.ts';

const file = new URL('../src/content/settings.schema.json', import.meta.url);
await writeFile(file, await format(JSON.stringify(settingsJsonSchema()), { parser: 'json' }));
console.log(`Wrote ${file.pathname}`);
