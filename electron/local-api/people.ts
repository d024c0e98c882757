import { type Rng } from './random';

/** One made-up respondent, so that a row's name, e-mail, address and card agree with each other. */
export interface Person {
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  place: Place;
  street: string;
}

export interface Place {
  city: string;
  state: string;
  zipCode: string;
  country: string;
  timezone: string;
  latitude: number;
  longitude: number;
  currency: string;
}

const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloé',
  'Daniel',
  'Elif',
  'Farah',
  'George',
  'Hana',
  'Ivan',
  'Jasmine',
  'Kenji',
  'Lena',
  'Mateo',
  'Nadia',
  'Oliver',
  'Priya',
  'Quentin',
  'Rosa',
  'Samuel',
  'Tara',
  'Umar',
  'Valentina',
  'William',
  'Xiu',
  'Yusuf',
  'Zoë',
  'Björn',
  'Łucja',
  'Siobhán',
  'José',
] as const;
const LAST_NAMES = [
  'Okafor',
  'Schmidt',
  'Dubois',
  'Kowalski',
  'Yılmaz',
  'Haddad',
  'Brown',
  'Sato',
  'Petrov',
  'Rahman',
  'Tanaka',
  'Fischer',
  'García',
  'Novak',
  "O'Brien",
  'Patel',
  'Laurent',
  'Silva',
  'Johnson',
  'Nguyen',
  'Ali',
  'Rossi',
  'Smith',
  'Chen',
  'Demir',
  'Müller',
  'Lindqvist',
  'Wiśniewska',
  'Murphy',
  'Fernández',
] as const;
const COMPANIES = [
  'Northwind Traders',
  'Acme Analytics',
  'Blue Fern Studio',
  'Globex Logistics',
  'Initech',
  'Lumen Health',
  'Orbit Coffee Co.',
  'Parkside Dental',
  'Quill & Ink',
  'Riverbend School',
  'Summit Outdoor',
  'Tandem Bikes',
  'Umbrella Insurance',
  'Vertex Robotics',
  'Willow Bakery',
] as const;
const JOB_TITLES = [
  'Operations manager',
  'Founder',
  'Teacher',
  'Software engineer',
  'Office administrator',
  'Marketing lead',
  'Nurse',
  'Student',
  'Sales director',
  'Product designer',
] as const;
const STREETS = [
  'Oak Street',
  'Maple Avenue',
  'High Street',
  'Rue de la Paix',
  'Hauptstraße',
  'Calle Mayor',
  'Elm Road',
  'Harbour View',
  'Station Road',
  'Market Square',
] as const;

const PLACES: readonly Place[] = [
  place(
    'San Francisco',
    'CA',
    '94110',
    'United States',
    'America/Los_Angeles',
    37.7599,
    -122.4148,
    'usd',
  ),
  place('Austin', 'TX', '78701', 'United States', 'America/Chicago', 30.2711, -97.7437, 'usd'),
  place('New York', 'NY', '10001', 'United States', 'America/New_York', 40.7506, -73.9972, 'usd'),
  place('Toronto', 'ON', 'M5V 2T6', 'Canada', 'America/Toronto', 43.6426, -79.3871, 'cad'),
  place(
    'London',
    'England',
    'EC1A 1BB',
    'United Kingdom',
    'Europe/London',
    51.5202,
    -0.0976,
    'gbp',
  ),
  place('Berlin', 'Berlin', '10115', 'Germany', 'Europe/Berlin', 52.532, 13.3849, 'eur'),
  place('Lyon', 'Auvergne-Rhône-Alpes', '69002', 'France', 'Europe/Paris', 45.7578, 4.832, 'eur'),
  place('Kraków', 'Małopolskie', '31-001', 'Poland', 'Europe/Warsaw', 50.0614, 19.9366, 'pln'),
  place('Tokyo', 'Tokyo', '100-0005', 'Japan', 'Asia/Tokyo', 35.6812, 139.7671, 'jpy'),
  place('Sydney', 'NSW', '2000', 'Australia', 'Australia/Sydney', -33.8688, 151.2093, 'aud'),
];

function place(
  city: string,
  state: string,
  zipCode: string,
  country: string,
  timezone: string,
  latitude: number,
  longitude: number,
  currency: string,
): Place {
  return { city, state, zipCode, country, timezone, latitude, longitude, currency };
}

export function makePerson(rng: Rng): Person {
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const company = rng.pick(COMPANIES);
  const mailbox = `${ascii(firstName)}.${ascii(lastName)}${rng.int(1, 99)}`;
  const domain = rng.chance(0.5)
    ? `${ascii(company).replace(/[^a-z]/g, '')}.example`
    : 'mail.example.com';
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: `${mailbox}@${domain}`,
    phone: `+1 ${rng.int(201, 989)} 555 ${String(rng.int(100, 9999)).padStart(4, '0')}`,
    company,
    jobTitle: rng.pick(JOB_TITLES),
    place: rng.pick(PLACES),
    street: `${rng.int(1, 240)} ${rng.pick(STREETS)}`,
  };
}

const asciiCache = new Map<string, string>();

/**
 * Lower-case ASCII for e-mail local parts: "Zoë O'Brien" becomes "zoe" and "obrien". Names come
 * from the fixed lists above, so each is folded once, not once per rebuilt row.
 */
function ascii(text: string): string {
  let folded = asciiCache.get(text);
  if (folded === undefined) {
    folded = text
      .normalize('NFKD')
      .replace(/ł/gi, 'l')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
    asciiCache.set(text, folded);
  }
  return folded;
}
