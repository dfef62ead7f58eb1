/** CSV exports of the admin lists: the one CSV writer, shared with the privacy export. */
export * from '../../lib/csv.ts';
