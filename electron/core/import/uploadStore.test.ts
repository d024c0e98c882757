import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { UploadStore } from './uploadStore';

describe('UploadStore', () => {
  it('joins the parts of a file and serves it only once complete', () => {
    const store = new UploadStore();
    const { uploadId } = store.append(
      undefined,
      'a.csv',
      Buffer.from('Name,').toString('base64'),
      false,
    );
    expect(() => store.file(uploadId)).toThrow(/not been fully received/);
    expect(
      store.append(uploadId, 'a.csv', Buffer.from('Email\n').toString('base64'), true)
        .receivedBytes,
    ).toBe(11);
    expect(Buffer.from(store.file(uploadId).bytes).toString()).toBe('Name,Email\n');
  });

  it('refuses a file over the size limit and forgets it', () => {
    const store = new UploadStore(1024 * 1024);
    const big = Buffer.alloc(512 * 1024 + 1).toString('base64');
    const { uploadId } = store.append(undefined, 'big.csv', big, false);
    let refused: unknown;
    try {
      store.append(uploadId, 'big.csv', big, true);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toMatch(/larger than 1 MB/);
    expect(() => store.file(uploadId)).toThrow(/no longer open/);
  });
});
