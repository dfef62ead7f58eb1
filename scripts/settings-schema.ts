// Editors check settings.json against this schema and show each field's description as marketing types.
import { writeFile } from 'node:fs/promises';
import { format } from 'prettier';
import { settingsJsonSchema } from '../src/lib/site-settings.schema.ts';

const file = new URL('../src/content/settings.schema.json', import.meta.url);
await writeFile(file, await format(JSON.stringify(settingsJsonSchema()), { parser: 'json' }));
console.log(`Wrote ${file.pathname}`);
