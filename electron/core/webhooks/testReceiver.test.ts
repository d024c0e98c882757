import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type Delivery } from '../../shared/contract/webhooks';
import { startTestReceiver, type TestReceiver } from './testReceiver';

const submission = (submissionId: string): Submission => ({
  submissionId,
  submissionTime: '2026-11-22T08:00:00.000Z',
  questions: [{ id: 'q1', name: 'Name', type: 'ShortAnswer', value: 'Ada' }],
});

let receiver: TestReceiver;
let stored: Array<{ formId: string; submissionId: string }>;
let announced: Delivery[];

beforeEach(async () => {
  stored = [];
  announced = [];
  receiver = await startTestReceiver({
    workspaceId: 'ws-1',
    maxBodyBytes: 4096,
    store: async (formId, submissionId) => {
      stored.push({ formId, submissionId });
      return true;
    },
    onDelivery: (d) => announced.push(d),
  });
});

afterEach(async () => {
  await receiver.stop();
});

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('test receiver', () => {
  it('listens on loopback behind a secret path', () => {
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{32}$/);
    expect(receiver.owns(receiver.urlFor('form A'))).toBe(true);
    expect(receiver.owns('http://127.0.0.1:1/hooks/other')).toBe(false);
  });

  it('accepts the service envelope and stores the submission under its form', async () => {
    const res = await post(
      receiver.url,
      JSON.stringify({ formId: 'f1', formName: 'Survey', submission: submission('s1') }),
    );
    expect(res.status).toBe(200);
    expect(stored).toEqual([{ formId: 'f1', submissionId: 's1' }]);
    const [delivery] = receiver.log.latest(10);
    expect(delivery).toMatchObject({
      status: 'accepted',
      shape: 'envelope',
      formId: 'f1',
      formName: 'Survey',
      submissionId: 's1',
      duplicate: false,
      cached: true,
    });
    expect(announced.map((d) => d.deliveryId)).toEqual([delivery?.deliveryId]);
  });

  it('attributes a bare submission to the form named in its address', async () => {
    const res = await post(receiver.urlFor('f2'), JSON.stringify(submission('s9')));
    expect(res.status).toBe(200);
    expect(stored).toEqual([{ formId: 'f2', submissionId: 's9' }]);
    expect(receiver.log.latest(1)[0]).toMatchObject({ shape: 'submission', formId: 'f2' });
  });

  it('reads an envelope encoded as a JSON string', async () => {
    const inner = JSON.stringify({ formId: 'f1', submission: submission('s2') });
    const res = await post(receiver.url, JSON.stringify(inner));
    expect(res.status).toBe(200);
    expect(receiver.log.latest(1)[0]).toMatchObject({
      shape: 'string',
      formId: 'f1',
      submissionId: 's2',
    });
  });

  it('marks a repeated submission as a duplicate and stores it once', async () => {
    const body = JSON.stringify({ formId: 'f1', submission: submission('s3') });
    await post(receiver.url, body);
    const again = await post(receiver.url, body);
    expect(again.status).toBe(200);
    expect(stored).toHaveLength(1);
    expect(receiver.log.latest(10).map((d) => d.duplicate)).toEqual([true, false]);
    // Ids are unique within a form only: the same id on another form is a new submission.
    await post(receiver.url, JSON.stringify({ formId: 'f2', submission: submission('s3') }));
    expect(stored).toHaveLength(2);
  });

  it('answers 400 to a body that is not JSON, and keeps it for inspection', async () => {
    const res = await post(receiver.url, 'hello=world');
    expect(res.status).toBe(400);
    const [delivery] = receiver.log.latest(1);
    expect(delivery).toMatchObject({ status: 'rejected', problem: 'The body is not JSON.' });
    expect(receiver.log.find(delivery!.deliveryId)?.payload).toBe('hello=world');
    expect(stored).toEqual([]);
  });

  it('answers 400 to JSON without a submission', async () => {
    const res = await post(
      receiver.url,
      JSON.stringify({ formId: 'f1', submission: { questions: [] } }),
    );
    expect(res.status).toBe(400);
    expect(receiver.log.latest(1)[0]?.problem).toMatch(/submission\.submissionId/);
  });

  it('answers 404 to a wrong token without logging it', async () => {
    const wrong = receiver.url.replace(/[\w-]{32}$/, 'x'.repeat(32));
    expect((await post(wrong, JSON.stringify(submission('s1')))).status).toBe(404);
    expect((await post(`${receiver.url}/f1/extra`, JSON.stringify(submission('s1')))).status).toBe(
      404,
    );
    expect(receiver.log.count).toBe(0);
  });

  it('answers 413 to an oversize body', async () => {
    const big = JSON.stringify({
      formId: 'f1',
      submission: { ...submission('s1'), note: 'x'.repeat(5000) },
    });
    const res = await post(receiver.url, big);
    expect(res.status).toBe(413);
    expect(receiver.log.latest(1)[0]).toMatchObject({ status: 'rejected', formId: null });
    expect(stored).toEqual([]);
  });

  it('refuses other methods', async () => {
    expect((await fetch(receiver.url)).status).toBe(405);
  });

  it('stops listening', async () => {
    const url = receiver.url;
    await receiver.stop();
    await expect(post(url, '{}')).rejects.toThrow();
    receiver = await startTestReceiver({
      workspaceId: 'ws-1',
      store: async () => false,
      onDelivery: () => {},
    });
  });
});
