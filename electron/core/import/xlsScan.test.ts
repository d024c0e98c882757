import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { WORKBOOK_BUDGET, type WorkbookBudget } from './workbookBudget';
import { scanXls } from './xlsScan';

const BOF = 0x0809;
const EOF = 0x000a;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const NUMBER = 0x0203;
const MUL_RK = 0x00bd;
const FILE_PASS = 0x002f;

function record(type: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

const number = (row: number, column: number) => {
  const body = Buffer.alloc(14);
  body.writeUInt16LE(row, 0);
  body.writeUInt16LE(column, 2);
  return record(NUMBER, body);
};

/** A MULRK of `columns` numbers on `row`, from the first column. */
const mulRk = (row: number, columns: number) => {
  const body = Buffer.alloc(6 + 6 * columns);
  body.writeUInt16LE(row, 0);
  body.writeUInt16LE(columns - 1, body.length - 2);
  return record(MUL_RK, body);
};

const sst = (declared: number, bytes: number) => {
  const body = Buffer.alloc(8 + bytes);
  body.writeUInt32LE(declared, 0);
  body.writeUInt32LE(declared, 4);
  return record(SST, body);
};

const sheet = (...records: Buffer[]) => Buffer.concat([record(BOF), ...records, record(EOF)]);

const small: WorkbookBudget = { ...WORKBOOK_BUDGET, rows: 100, columns: 50, cells: 1_000 };

function refusal(stream: Buffer, budget = small): string {
  try {
    scanXls(stream, budget, 4096);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('the stream was not refused');
}

describe('counting an .xls before SheetJS reads it', () => {
  it('counts a MULRK as the cells it stands for, across the sheets of the workbook', () => {
    expect(() => scanXls(sheet(mulRk(0, 40), mulRk(1, 40)), small, 4096)).not.toThrow();
    const many = Array.from({ length: 26 }, (_, r) => mulRk(r % 20, 40));
    expect(refusal(Buffer.concat([sheet(...many.slice(0, 13)), sheet(...many.slice(13))]))).toMatch(
      /^This file is 4 KB but would become more than 1,000 cells, more than Formdesk reads at once\./,
    );
  });

  it('refuses a sheet by how far its cells reach, each sheet on its own', () => {
    expect(() => scanXls(sheet(number(0, 0), number(99, 9)), small, 4096)).not.toThrow();
    expect(refusal(sheet(number(0, 0), number(100, 0)))).toMatch(
      /would become 101 cells \(101 rows × 1 columns\)/,
    );
    expect(refusal(sheet(number(0, 0), number(40, 49), number(60, 0)))).toMatch(
      /would become 3,050 cells \(61 rows × 50 columns\)/,
    );
    expect(() =>
      scanXls(Buffer.concat([sheet(number(90, 0)), sheet(number(0, 40))]), small, 4096),
    ).not.toThrow();
  });

  it('counts shared strings by their declared count, bounded by their bytes', () => {
    // Long strings: many bytes, few strings.
    const long = Buffer.concat([sst(10, 8_000), record(CONTINUE, Buffer.alloc(8_000))]);
    expect(() => scanXls(long, small, 4096)).not.toThrow();
    // A count the bytes cannot hold is not believed; the bytes' share of it is.
    expect(() => scanXls(sst(4_000_000_000, 2_000), small, 4096)).not.toThrow();
    const packed = Buffer.concat([
      sst(4_000_000_000, 2_000),
      record(CONTINUE, Buffer.alloc(2_000)),
    ]);
    expect(refusal(packed)).toMatch(/would become more than 1,000 shared strings/);
  });

  it('past a FilePass record, counts cells but reads no places from their encrypted contents', () => {
    expect(() => scanXls(sheet(record(FILE_PASS), number(65_535, 255)), small, 4096)).not.toThrow();
    const many = Array.from({ length: 1_001 }, () => number(65_535, 255));
    expect(refusal(sheet(record(FILE_PASS), ...many))).toMatch(/more than 1,000 cells/);
  });
});
