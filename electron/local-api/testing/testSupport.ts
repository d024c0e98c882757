import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { startLocalApi, type LocalApi, type LocalApiOptions } from '../server';

// Helpers for this folder's tests: a started local API that stops itself, plain HTTP calls, and
// the service's own OpenAPI document as a validator of what the local API answers.

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
const OPENAPI_FILE = resolve(import.meta.dirname, '../spec/openapi.yaml');

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Calls the API with its key (or the given `authorization`, `null` for none). */
export async function call(
  api: LocalApi,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; authorization?: string | null } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  const authorization =
    options.authorization === undefined ? `Bearer ${api.apiKey}` : options.authorization;
  if (authorization !== null) headers.authorization = authorization;
  const body =
    options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = path.startsWith('/__local')
    ? `${api.baseUrl.replace(/\/v1\/api$/, '')}${path}`
    : `${api.baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** Starts a local API for a test file; rate limit off unless asked for. */
export async function started(options: LocalApiOptions = {}): Promise<LocalApi> {
  return startLocalApi({ rateLimit: 0, ...options });
}

export type Operation =
  | 'getForms'
  | 'getFormMetadata'
  | 'getAllSubmissions'
  | 'createSubmissions'
  | 'getSubmissionById'
  | 'createWebhook'
  | 'removeWebhook';

let validators: Map<Operation, ValidateFunction> | undefined;

/** The 200 response schema of an operation of the service's OpenAPI document. */
export function responseValidator(operation: Operation): ValidateFunction {
  validators ??= compileOperations();
  const validator = validators.get(operation);
  if (!validator) throw new Error(`no response schema for ${operation}`);
  return validator;
}

/** Errors of `value` against an operation's response schema, as readable lines (none: valid). */
export function openApiErrors(operation: Operation, value: unknown): string[] {
  const validate = responseValidator(operation);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

function compileOperations(): Map<Operation, ValidateFunction> {
  const document = parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>
    >;
    components: unknown;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi:components', components: document.components });
  const out = new Map<Operation, ValidateFunction>();
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (!operation.operationId || !schema) continue;
      const rebased = rebase(schema);
      if (!isRecord(rebased)) continue;
      out.set(operation.operationId as Operation, ajv.compile(rebased));
    }
  }
  return out;
}

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}

/** Points `#/components/...` references at the registered components document. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `openapi:components${value}`
        : rebase(value),
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
