import { describe, expect, it } from 'vitest';
import { activityKindLabel } from '../../../../electron/shared/activityKind';

describe('activityKindLabel', () => {
  it('names known kinds and spells out new ones', () => {
    expect(activityKindLabel('submission.deleted')).toBe('Submission deleted');
    expect(activityKindLabel('cache.rebuilt')).toBe('Cache rebuilt');
    expect(activityKindLabel('form.renamed_twice')).toBe('Form renamed twice');
  });
});
