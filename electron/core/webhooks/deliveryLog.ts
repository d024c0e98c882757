import { type Delivery } from '../../shared/contract/webhooks';

type Stored = Delivery & { payload: unknown };

const MAX_REMEMBERED = 100_000;

/**
 * The test receiver's memory: the latest deliveries, newest first, and every (form, submission)
 * seen so far. The service documents no retry policy, so a submission that arrives again is marked
 * a duplicate rather than counted as a new respondent. Submission ids are unique within a form only.
 */
export class DeliveryLog {
  private readonly entries: Stored[] = [];
  private readonly seen = new Set<string>();
  private total = 0;

  constructor(private readonly capacity: number) {}

  get count(): number {
    return this.total;
  }

  /** Whether this submission of this form was recorded before; records it. */
  markSeen(formId: string | null, submissionId: string): boolean {
    const key = JSON.stringify([formId, submissionId]);
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    // Retries come soon after the original: the oldest ids can be let go (a Set keeps insertion order).
    if (this.seen.size > MAX_REMEMBERED)
      this.seen.delete(this.seen.values().next().value as string);
    return false;
  }

  add(delivery: Stored): void {
    this.total += 1;
    this.entries.unshift(delivery);
    if (this.entries.length > this.capacity) this.entries.pop();
  }

  /** The latest deliveries without their payloads (a list, not a viewer). */
  latest(limit: number): Delivery[] {
    return this.entries.slice(0, limit).map(({ payload: _payload, ...summary }) => summary);
  }

  find(deliveryId: string): Stored | undefined {
    return this.entries.find((d) => d.deliveryId === deliveryId);
  }
}
