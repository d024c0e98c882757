/**
 * The app's log. Every line passes through `redact` first: registered secret values (API keys,
 * the host's token) and anything that looks like a bearer credential are replaced before the line
 * is written, so a key never reaches a log even when an error message or a header carries it.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
  /** Values that must never appear in the log from now on. */
  addSecret(value: string): void;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const REDACTED = '[redacted]';
/** Below this, a secret is redacted only where it stands alone, so it does not eat ordinary words. */
const MIN_SECRET_LENGTH = 6;
const BEARER = /\b(bearer)\s+[^\s"',;]+/gi;
const AUTH_FIELD = /("?authorization"?\s*[:=]\s*"?)[^"\n,}]+/gi;
const TOKEN_PARAM = /([?&](?:token|ticket|api_?key|key)=)[^&\s"']+/gi;

/** The secret where neither neighbour is a character a key is made of. */
function standingAlone(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g');
}

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
    else if (secret !== '') out = out.replace(standingAlone(secret), REDACTED);
  }
  return out
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(AUTH_FIELD, `$1${REDACTED}`)
    .replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** One line of text for any detail: errors keep their name, message, code and cause chain. */
export function describe(detail: unknown, depth = 0): string {
  if (detail instanceof Error) {
    const code = 'code' in detail && typeof detail.code === 'string' ? ` [${detail.code}]` : '';
    const cause =
      detail.cause !== undefined && depth < 3
        ? ` (cause: ${describe(detail.cause, depth + 1)})`
        : '';
    return `${detail.name}${code}: ${detail.message}${cause}`;
  }
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail) ?? String(detail);
  } catch {
    return String(detail);
  }
}

export function createLogger(
  options: { level?: LogLevel; write?: (line: string) => void; now?: () => Date } = {},
): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const secrets = new Set<string>();

  const at =
    (level: LogLevel) =>
    (message: string, detail?: unknown): void => {
      if (ORDER[level] < threshold) return;
      const tail = detail === undefined ? '' : ` ${describe(detail)}`;
      write(redact(`${now().toISOString()} ${level.toUpperCase()} ${message}${tail}`, secrets));
    };

  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    addSecret: (value) => {
      if (value !== '') secrets.add(value);
    },
  };
}
