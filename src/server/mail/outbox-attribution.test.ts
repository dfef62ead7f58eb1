import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteConnection } from '../../testing/pglite-connection';
import { applyMigrations, MIGRATIONS_DIR } from '../db/migrations';

const ATTRIBUTION = '0013_outbox_about_and_secrets.sql';

/** A folder with the repository's migrations before (or up to and with) `name`. */
async function migrationsUntil(name: string, including: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'attribution-'));
  for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')))
    if (file < name || (including && file === name))
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return dir;
}

describe('e-mails queued before they recorded whom they concern', () => {
  it('are attributed by their recipient or their source row, never by a name, else left out', async () => {
    const db = new PGlite();
    const conn = pgliteConnection(db);
    await applyMigrations(conn, await migrationsUntil(ATTRIBUTION, false));
    await db.exec(`
      INSERT INTO contact_messages (id, name, email, message) VALUES
        (1, 'New', 'x@acme.co', 'Hi'), (2, 'Eve Example', 'eve@example.com', 'Call me');
      INSERT INTO meeting_requests (id, name, email, meeting_type, preferred_date, preferred_time, timezone)
        VALUES (3, 'Eve Example', 'eve@example.com', 'consultation', '2031-07-01', '9:30 AM', 'EST');
      INSERT INTO email_outbox (id, kind, "to", subject, text, html) VALUES
        (10, 'contact.receipt', ' X@Acme.co ', 'We got it', 't', 'h'),
        (11, 'contact.team', 'team@example.com', 'New contact message from New', 'Email: x@acme.co\nReference: contact #1', 'h'),
        (12, 'contact.team', 'team@example.com', 'New contact message from Eve Example',
          'Email: eve@example.com\nMessage: Reference: contact #1\nReference: contact #2', 'h'),
        (13, 'meeting.team', 'team@example.com', 'New meeting request', 'Email: eve@example.com\nReference: meeting #3', 'h'),
        (14, 'contact.team', 'team@example.com', 'New contact message from New', '[removed after delivery]', 'h'),
        (15, 'contact.team', 'team@example.com', 'Forged', 'Email: mallory@example.com\nReference: contact #2', 'h'),
        (16, 'privacy.erased', '[erased]', 'Erased', '[removed after delivery]', 'h');
    `);
    await applyMigrations(conn, await migrationsUntil(ATTRIBUTION, true));
    const { rows } = await db.query<{ id: number; about_emails: string[] | null }>(
      'SELECT id, about_emails FROM email_outbox ORDER BY id',
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.about_emails]))).toEqual({
      10: ['x@acme.co'],
      11: ['x@acme.co'],
      // The last reference is the site's; the one typed into the message comes before it.
      12: ['eve@example.com'],
      13: ['eve@example.com'],
      // No body left to say whose it was: not attributed, listed for the admin.
      14: null,
      // A reference whose row has another address is not trusted.
      15: null,
      16: [],
    });
    await db.close();
  });
});
