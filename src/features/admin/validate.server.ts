/**
 * Server-side use of the admin's `zod/mini` schemas: a failed check becomes a 400 with the
 * same one-sentence message the classic-zod path of src/server/http.ts produces.
 */
import type { ZodMiniType, output } from 'zod/mini';
import { describeZodError, HttpError, readJson } from '../../server/http.ts';
import { listParams, listQuerySchema, type ListName, type ListQuery } from './admin.ts';

export function validate<T extends ZodMiniType>(schema: T, data: unknown): output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data as output<T>;
}

export async function validateJson<T extends ZodMiniType>(
  req: Request,
  schema: T,
): Promise<output<T>> {
  return validate(schema, await readJson(req));
}

export function parseListQuery(list: ListName, params: URLSearchParams): ListQuery {
  return validate(listQuerySchema(list), listParams(params));
}
