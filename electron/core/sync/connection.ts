import { type ConnectionState } from '../../shared/contract/sync';
import { isAppError, type ErrorCode } from '../../shared/errors';

const OFFLINE_CODES: readonly ErrorCode[] = ['NETWORK', 'TIMEOUT', 'OFFLINE'];

/**
 * Whether the workspace's server can be reached, learnt from every call sync and the submission
 * operations make: a network failure or timeout means offline, a credential refusal means
 * unauthorized, any answer at all means online.
 */
export class ConnectionMonitor {
  private current: ConnectionState = 'unknown';
  private lastContact: string | null = null;
  private lastFailure: string | null = null;

  constructor(
    private readonly onChange: (state: ConnectionState) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get state(): ConnectionState {
    return this.current;
  }

  snapshot(): { state: ConnectionState; lastContactAt: string | null; lastError: string | null } {
    return { state: this.current, lastContactAt: this.lastContact, lastError: this.lastFailure };
  }

  /** The server answered (an error status is still an answer). */
  answered(): void {
    this.lastContact = this.now().toISOString();
    this.lastFailure = null;
    this.set('online');
  }

  /** Classifies a failed call; answers true when it means the server cannot be reached. */
  failed(error: unknown): boolean {
    if (!isAppError(error) || error.code === 'CANCELLED') return false;
    if (OFFLINE_CODES.includes(error.code)) {
      this.lastFailure = error.message;
      this.set('offline');
      return true;
    }
    if (error.code === 'UNAUTHORIZED') {
      this.lastContact = this.now().toISOString();
      this.lastFailure = error.message;
      this.set('unauthorized');
      return false;
    }
    this.answered();
    return false;
  }

  /** Runs a call and records what it says about the connection. */
  async track<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.answered();
      return result;
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  private set(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    this.onChange(state);
  }
}
