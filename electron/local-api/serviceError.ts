import { STATUS_CODES } from 'node:http';
import { type ServiceErrorBody } from '../shared/api/endpoints';

/** A failure answered the way the service answers it: `{statusCode, error, message}`. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get body(): ServiceErrorBody {
    return errorBody(this.status, this.message);
  }
}

export function errorBody(status: number, message: string): ServiceErrorBody {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message };
}

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Try again soon.';
