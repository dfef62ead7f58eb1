import path from 'node:path';

/** What `npm run preview` writes while it runs, for the maintenance commands beside it. */
export const PREVIEW_STATE_FILE = path.join('.netlify', 'preview-state.json');

export type PreviewState = { dbConnectionString: string; blobsDirectory: string; pid: number };
