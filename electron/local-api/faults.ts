import { type FaultRule } from '../shared/api/localApi';
import { Rng } from './random';

/** What the scripted faults do to one request. */
export interface FaultPlan {
  /** Added before the request is handled. */
  latencyMs: number;
  /** At most one failure: the first matching rule that fires wins. */
  failure?:
    | { kind: 'serverError'; status: number }
    | { kind: 'tooManyRequests' }
    | { kind: 'reset' }
    | { kind: 'commitThenReset' }
    | { kind: 'lateCommit'; status: number; commitAfterMs: number };
  /** A respondent submits a look-alike of the last create's first row before this is handled. */
  lookAlike?: boolean;
}

interface ActiveRule {
  rule: FaultRule;
  pattern: RegExp | undefined;
  setAt: number;
  /** Matching requests let through before the rule applies (`after`). */
  passed: number;
  used: number;
}

const CREATE_PATH = /^\/forms\/[^/]+\/submissions$/;
/** Faults that act beside the request, not instead of its answer. */
const SIDE_EFFECTS = new Set<FaultRule['kind']>(['latency', 'lookAlike']);

/**
 * Scripted faults for the service's endpoints: latency, 5xx, 429 storms, dropped connections
 * and commit-then-reset. Rules may target a method and path, start after `after` requests, and
 * end after `times` hits or `forMs` milliseconds. Random choices (`rate`, `jitterMs`) come from a
 * seeded generator, so a scripted run repeats exactly.
 */
export class FaultInjector {
  private rules: ActiveRule[] = [];
  private rng: Rng;

  constructor(
    private readonly seed: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.rng = new Rng(seed);
  }

  set(rules: readonly FaultRule[]): void {
    const setAt = this.now();
    this.rng = new Rng(this.seed);
    this.rules = rules.map((rule) => ({
      rule,
      pattern: rule.path ? pathPattern(rule.path) : undefined,
      setAt,
      passed: 0,
      used: 0,
    }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The rules still in force. */
  active(): FaultRule[] {
    return this.rules.filter((r) => this.isLive(r)).map((r) => r.rule);
  }

  plan(method: string, path: string): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0 };
    for (const active of this.rules) {
      const { rule } = active;
      if (!this.isLive(active) || !matches(active, method, path)) continue;
      if (active.passed < (rule.after ?? 0)) {
        active.passed++;
        continue;
      }
      if (plan.failure && !SIDE_EFFECTS.has(rule.kind)) continue;
      if (rule.rate !== undefined && this.rng.next() >= rule.rate) continue;
      active.used++;
      switch (rule.kind) {
        case 'latency': {
          const jitter = rule.jitterMs ? Math.floor(this.rng.next() * (rule.jitterMs + 1)) : 0;
          const tail = rule.tailMs ? Math.round(-Math.log(1 - this.rng.next()) * rule.tailMs) : 0;
          plan.latencyMs += rule.ms + jitter + tail;
          break;
        }
        case 'serverError':
          plan.failure = { kind: 'serverError', status: rule.status ?? 503 };
          break;
        case 'lateCommit':
          plan.failure = {
            kind: 'lateCommit',
            status: rule.status ?? 504,
            commitAfterMs: rule.commitAfterMs,
          };
          break;
        case 'lookAlike':
          plan.lookAlike = true;
          break;
        default:
          plan.failure = { kind: rule.kind };
      }
    }
    return plan;
  }

  private isLive(active: ActiveRule): boolean {
    const { rule } = active;
    if (rule.times !== undefined && active.used >= rule.times) return false;
    return rule.forMs === undefined || this.now() - active.setAt < rule.forMs;
  }
}

function matches(active: ActiveRule, method: string, path: string): boolean {
  const { rule } = active;
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (active.pattern && !active.pattern.test(path)) return false;
  // Only a create can store its batch before the connection drops, or after a gateway answered.
  const createOnly = rule.kind === 'commitThenReset' || rule.kind === 'lateCommit';
  return (
    !createOnly || (method === 'POST' && (CREATE_PATH.test(path) || path === '/webhook/create'))
  );
}

// A `*` in a path rule stands for exactly one segment; everything else matches literally.
function pathPattern(glob: string): RegExp {
  const source = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}
