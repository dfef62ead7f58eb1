export * from '../../lib/csv.ts';
