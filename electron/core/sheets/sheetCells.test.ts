import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cellText, durationText, instantSerial } from '../../shared/answers/sheetTable';
import { isoWithOffset, wallTime } from '../../shared/answers/zonedTime';
import { SheetSettings } from '../../shared/contract/sheetSettings';
import { xlsxChunks } from './xlsxChunks';

const berlin = SheetSettings.parse({ timeZone: 'Europe/Berlin' });

describe('sheet cells', () => {
  it("writes an instant on the person's clock, with the offset of that day", () => {
    const summer = Date.UTC(2026, 6, 1, 12, 0, 5);
    const winter = Date.UTC(2026, 0, 15, 23, 30, 0);
    expect(cellText({ kind: 'instant', ms: summer }, berlin)).toBe('2026-07-01T14:00:05+02:00');
    expect(cellText({ kind: 'instant', ms: winter }, berlin)).toBe('2026-01-16T00:30:00+01:00');
    expect(isoWithOffset(wallTime(winter, 'Asia/Kolkata'))).toBe('2026-01-16T05:00:00+05:30');
    expect(isoWithOffset(wallTime(winter, 'America/St_Johns'))).toBe('2026-01-15T20:00:00-03:30');
    // The day clocks go forward, either side of the change.
    expect(cellText({ kind: 'instant', ms: Date.UTC(2026, 2, 29, 0, 30) }, berlin)).toBe(
      '2026-03-29T01:30:00+01:00',
    );
    expect(cellText({ kind: 'instant', ms: Date.UTC(2026, 2, 29, 1, 30) }, berlin)).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    expect(cellText({ kind: 'instant', ms: winter }, { ...berlin, utc: true })).toBe(
      '2026-01-15T23:30:00Z',
    );
  });

  it("gives a spreadsheet the serial of the person's wall time", () => {
    // 2026-01-16 00:30 in Berlin: day 46038 since 1899-12-30, and a 48th of a day.
    expect(instantSerial(Date.UTC(2026, 0, 15, 23, 30, 0), berlin)).toBeCloseTo(46_038 + 1 / 48);
  });

  it('writes durations as h:mm:ss and yes/no in the chosen words', () => {
    expect(durationText(1104)).toBe('0:18:24');
    expect(durationText(97_205)).toBe('27:00:05');
    expect(cellText({ kind: 'yesNo', value: true }, { ...berlin, yes: 'Ja', no: 'Nein' })).toBe(
      'Ja',
    );
    expect(cellText({ kind: 'yesNo', value: false }, berlin)).toBe('No');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(SheetSettings.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
  });

  it("writes any text a respondent sent into a .xlsx cell and reads it back, cut at Excel's limit", () => {
    const texts = ['a\u0001b\u001fc', '_x0041_ stays', '<b>&amp;</b> "q"', 'x'.repeat(40_000)];
    const bytes = Buffer.concat([
      ...xlsxChunks({
        name: 'Texts',
        columns: [{ header: 'Text', width: 10 }],
        rows: texts.map((text) => [{ kind: 'text', text }]),
        settings: berlin,
      }),
    ]);
    const sheet = XLSX.read(bytes).Sheets.Texts!;
    const read = [2, 3, 4, 5].map((r) => sheet[`A${r}`]?.v);
    expect(read).toEqual([...texts.slice(0, 3), 'x'.repeat(32_767)]);
  });
});
