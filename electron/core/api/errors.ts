import { AUTH_ERROR_MESSAGES, ServiceErrorBody } from '../../shared/api/endpoints';
import { AppError } from '../../shared/errors';

// How the service's answers and the network's failures become the closed error codes. Messages
// are sentences for people; details carry only the status and the service's own validation
// issues. No header, URL with credentials or raw cause is attached: nothing secret can ride along.

export const UNREADABLE_MESSAGE = 'The server answered in a form Formdesk does not understand.';

export const NO_API_MESSAGE =
  'This address answers with no Form Submissions API: expected an address ending in /v1/api. Check the workspace’s address.';

const AUTH_MESSAGES = AUTH_ERROR_MESSAGES.map((m) => m.toLowerCase());

/** The service's error message, if the body has one. */
export function serviceMessage(body: unknown): string | undefined {
  const parsed = ServiceErrorBody.safeParse(body);
  if (parsed.success) return parsed.data.message;
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
  ) {
    return body.message;
  }
  return undefined;
}

/**
 * What a 404 says is missing, when it is the service's own JSON error ("Submission … not found",
 * "Form … not found", "Webhook … not found"). A 404 of another shape (an HTML page from a proxy, an unknown route) says
 * nothing about the item, so it proves nothing was deleted.
 */
export function missingItem(body: unknown): MissingItem | null {
  const parsed = ServiceErrorBody.safeParse(body);
  if (!parsed.success || parsed.data.statusCode !== 404) return null;
  const found = /^(submission|form|webhook)\b.*\bnot found$/i.exec(parsed.data.message.trim());
  return found ? (found[1]!.toLowerCase() as MissingItem) : null;
}
export type MissingItem = 'submission' | 'form' | 'webhook';

function isAuthFailure(status: number, message: string | undefined): boolean {
  if (status === 401 || status === 403) return true;
  // The service refuses credentials with 400 and tells the cases apart only by message.
  return (
    status === 400 &&
    message !== undefined &&
    AUTH_MESSAGES.some((m) => message.toLowerCase().includes(m))
  );
}

interface ValidationIssue {
  path: string[];
  message: string;
  code?: string;
}

// A refused create body comes back as 400 whose message is a JSON-encoded array of issues.
function validationIssues(message: string | undefined): ValidationIssue[] | undefined {
  if (!message?.trimStart().startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  return parsed.flatMap((raw: unknown): ValidationIssue[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const issue = raw as Record<string, unknown>;
    return [
      {
        path: Array.isArray(issue.path) ? issue.path.map(String) : [],
        message: typeof issue.message === 'string' ? issue.message : 'invalid',
        ...(typeof issue.code === 'string' ? { code: issue.code } : {}),
      },
    ];
  });
}

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** An HTTP answer other than 2xx → AppError. `redact` scrubs anything secret from server text. */
export function errorFromStatus(
  status: number,
  body: unknown,
  redact: (text: string) => string,
  location?: string | null,
): AppError {
  const message = serviceMessage(body);
  const details = { status };
  if (status >= 300 && status < 400) return redirected(status, location);
  if (isAuthFailure(status, message)) {
    return new AppError('UNAUTHORIZED', 'The service refused the API key.', {
      details,
    });
  }
  if (status === 404 || status === 410) {
    const missing = missingItem(body);
    if (missing) {
      return new AppError(
        'NOT_FOUND',
        `The server has no such ${missing}: it may have been deleted.`,
        {
          details: { ...details, missing },
        },
      );
    }
    // No item named: the route itself is unknown there, as at an address missing its /v1/api.
    return new AppError('NOT_FOUND', NO_API_MESSAGE, { details: { ...details, noApi: true } });
  }
  if (status === 429) {
    return new AppError(
      'RATE_LIMITED',
      'The server is limiting requests right now. Try again in a moment.',
      {
        retryable: true,
        details,
      },
    );
  }
  if (status === 408) {
    return new AppError('TIMEOUT', 'The server took too long to answer.', {
      retryable: true,
      details,
    });
  }
  if (status === 409) {
    return new AppError('CONFLICT', clip(redact(message ?? 'The server reported a conflict.')), {
      details,
    });
  }
  if (status >= 500) {
    return new AppError(
      'REMOTE',
      `The server had a problem (status ${status}). Try again in a moment.`,
      {
        retryable: true,
        details,
      },
    );
  }
  if (status === 400 || status === 422) {
    const issues = validationIssues(message);
    if (issues && issues.length > 0) {
      const first = issues[0];
      const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
      return new AppError(
        'INVALID_INPUT',
        clip(redact(`The server refused the request${where}: ${first?.message}.`)),
        {
          details: { status, issues: issues.map((i) => ({ ...i, message: redact(i.message) })) },
        },
      );
    }
    return new AppError(
      'INVALID_INPUT',
      clip(redact(`The server refused the request: ${message ?? 'bad request'}.`)),
      {
        details,
      },
    );
  }
  return new AppError('REMOTE', `The server answered with an unexpected status (${status}).`, {
    details,
  });
}

// Redirects are not followed: a 301 turns a POST into a GET, and the key must not travel to
// wherever a server points. A redirect almost always means the base URL needs fixing.
function redirected(status: number, location: string | null | undefined): AppError {
  let target: string | undefined;
  try {
    const url = new URL(location ?? '');
    target = `${url.origin}${url.pathname}`;
  } catch {
    target = undefined;
  }
  return new AppError(
    'REMOTE',
    `The server sent Formdesk to another address${target ? ` (${target})` : ''}. Check the base URL in the workspace settings.`,
    { details: { status, ...(target ? { location: target } : {}) } },
  );
}

/**
 * A body that is not JSON, is cut off, or has the wrong shape. `where` names the first field
 * that did not fit (a path such as `responses.3.questions`), for the log: never a value.
 */
export function unreadableAnswer(status: number, where?: string): AppError {
  return new AppError('REMOTE', UNREADABLE_MESSAGE, {
    details: { status, ...(where ? { where } : {}) },
  });
}

// Failures where the request cannot have reached the server: safe to send again, even a POST.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_NAME_NOT_RESOLVED',
  'ERR_CONNECTION_REFUSED',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_NAME_RESOLUTION_FAILED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_CONNECTION_TIMED_OUT',
]);

/** The system code of a failed fetch: Node's `cause.code`, or Electron's `net::ERR_…` message. */
export function networkCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && e !== null) {
      if ('code' in e && typeof e.code === 'string' && e.code !== 'ERR_INVALID_STATE')
        return e.code;
      if ('message' in e && typeof e.message === 'string') {
        const match = /net::(ERR_[A-Z_]+)/.exec(e.message);
        if (match?.[1]) return match[1];
      }
      e = 'cause' in e ? e.cause : undefined;
    } else break;
  }
  return 'UNKNOWN';
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ERR_CONNECTION_REFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name is unknown',
  ERR_NAME_NOT_RESOLVED: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNRESET: 'the connection was cut',
  UND_ERR_SOCKET: 'the connection was cut',
  ERR_CONNECTION_RESET: 'the connection was cut',
  ERR_INTERNET_DISCONNECTED: 'this computer is offline',
  UND_ERR_CONNECT_TIMEOUT: 'the connection could not be opened in time',
  ERR_CONNECTION_TIMED_OUT: 'the connection could not be opened in time',
};

/**
 * A transport failure → NETWORK. `sent`: the request may have reached the server, so a write's
 * outcome is unknown and the caller must check before sending it again.
 */
export function networkError(
  error: unknown,
  host: string,
  isWrite: boolean,
): { error: AppError; sent: boolean } {
  const code = networkCode(error);
  const sent = !NOT_SENT.has(code);
  const reason = REASONS[code] ?? 'the connection failed';
  const outcomeUnknown = isWrite && sent;
  const message = outcomeUnknown
    ? `Could not finish talking to ${host}: ${reason}. The change may or may not have been saved.`
    : `Could not reach ${host}: ${reason}. Check the connection and try again.`;
  return {
    error: new AppError('NETWORK', message, {
      retryable: true,
      outcomeUnknown,
      details: { reason: code },
    }),
    sent,
  };
}
