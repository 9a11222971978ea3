// The reference service's seeded data: a general contractor (Brightline Builders) with three US projects.
// Deterministic: one mulberry32 PRNG with a fixed seed and a fixed reference date (REFERENCE_DATE), so two
// seeds of empty databases produce identical rows (the demo password salts come from the PRNG too) — except the
// users' API keys: those are random per data folder (crypto), so one install's key never opens another's log.
// Fixed ids: folder ids are assigned per project from a fixed base ((project - 1) * 10,000 + offset), so the
// ids tests need are constants (`seedIds`); `seedFacts(db)` looks the same ids up by name and type, and a
// unit test checks that both agree.
import type { Database, Statement } from 'better-sqlite3';
import {
  architectStatuses,
  folderTypes,
  ownerStatuses,
  punchListStatuses,
  subcontractorStatuses,
  type FolderKind,
} from '../../src/contract/codes';
import { dayMs, formatTextDate, formatTextTime } from '../handlers/common';
import { hashPassword, randomKey } from '../passwords';

/** "Today" of the seeded data: Sunday 11/01/2026, 12:00 UTC. Overdue items are overdue relative to it. */
export const REFERENCE_DATE = new Date(dayMs(2026, 11, 1));
const DAY = 86_400_000;
const REF = REFERENCE_DATE.getTime();

export const SCALE_FOLDER_NAME = 'Scale: 100k documents';
export const SCALE_DOCUMENTS = 100_000;
export const SCALE_LOG_ROWS = 1_000_000;

// ---- PRNG ---------------------------------------------------------------------------------------------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = ReturnType<typeof random>;
function random(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return {
    next,
    int,
    pick,
    chance: (p: number) => next() < p,
    sample<T>(list: readonly T[], k: number): T[] {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(k, copy.length));
    },
    key(length = 32) {
      const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      return Array.from({ length }, () => abc[Math.floor(next() * 64)]).join('');
    },
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
  };
}

/**
 * A user's API key: random (crypto), never from the seeded PRNG. The PRNG is still advanced as it was when it made
 * the key, so every record seeded after the users stays the same.
 */
function apiKey(rng: Rng): string {
  rng.key(32);
  return randomKey(24);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const text = (ms: number) => formatTextDate(ms);
/** '03 30 00' → 33000 (the DTO's CSI is an int). */
const csiNumber = (section: string) => Number(section.replace(/\s/g, ''));

// ---- reference data (text tables keep it compact: one row a line, fields split on '|') ----------------

/** `'a|b|c'` → `['a', 'b', 'c']`; a multi-line table → its rows. */
const list = (text: string) => text.split('|').map((s) => s.trim());
const table = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => list(line));

type Kind = 'admin' | 'gc' | 'architect' | 'engineer' | 'owner' | 'sub';
interface Person {
  user: string;
  first: string;
  last: string;
  company: string;
  role: string;
  kind: Kind;
  project?: number; // owner's representatives belong to one project
}

const GC = 'Brightline Builders';
// user | first | last | company | role | kind | only project
const people: Person[] = table(`
  admin     | Alex     | Adams    | Brightline Builders             | System Administrator          | admin
  pm        | Pat      | Miller   | Brightline Builders             | Project Manager               | gc
  mgonzalez | Maria    | Gonzalez | Hartwell Design Group           | Project Architect             | architect
  dchen     | David    | Chen     | Chen Structural Engineers       | Structural Engineer of Record | engineer
  ppatel    | Priya    | Patel    | Meridian MEP Consultants        | MEP Engineer                  | engineer
  jobrien   | James    | O'Brien  | Lakeside Health Partners        | Owner's Representative        | owner | 1
  smitchell | Sarah    | Mitchell | Brightline Builders             | Project Engineer              | gc
  rjohnson  | Robert   | Johnson  | Brightline Builders             | Superintendent                | gc
  ecarter   | Emily    | Carter   | Brightline Builders             | Assistant Project Manager     | gc
  mthompson | Michael  | Thompson | Keystone Concrete Inc.          | Concrete Foreman              | sub
  lramirez  | Luis     | Ramirez  | Apex Steel Erectors             | Steel Erection Foreman        | sub
  kwalsh    | Kevin    | Walsh    | Summit Electric Co.             | Electrical Foreman            | sub
  abrooks   | Angela   | Brooks   | Bluewater Plumbing & Mechanical | Project Manager               | sub
  tnguyen   | Tom      | Nguyen   | Pacific Drywall Systems         | Drywall Foreman               | sub
  rkim      | Rachel   | Kim      | Granite Civil Engineering       | Civil Engineer                | engineer
  dfoster   | Daniel   | Foster   | Ironclad Roofing                | Roofing Foreman               | sub
  jlee      | Jennifer | Lee      | Hartwell Design Group           | Interior Designer             | architect
  mbell     | Marcus   | Bell     | Brightline Builders             | Safety Manager                | gc
  oturner   | Olivia   | Turner   | Lincoln Unified School District | Owner's Representative        | owner | 2
  srossi    | Steven   | Rossi    | Granite Site Works              | Site Work Foreman             | sub
  whayes    | William  | Hayes    | Harborview Development LLC      | Owner's Representative        | owner | 3
  cmendoza  | Carlos   | Mendoza  | Bluewater Plumbing & Mechanical | Plumbing Foreman              | sub
`).map(([user, first, last, company, role, kind, project]) => ({
  user,
  first,
  last,
  company,
  role,
  kind: kind as Kind,
  ...(project ? { project: Number(project) } : {}),
}));
const userId = (user: string) => people.findIndex((p) => p.user === user) + 1;
const fullName = (id: number) => `${people[id - 1].first} ${people[id - 1].last}`;
const idsOf = (...kinds: Kind[]) => people.flatMap((p, i) => (kinds.includes(p.kind) ? [i + 1] : []));

// CSI section | name | company | foreman (user)
const trades = table(`
  01 50 00 | Temporary Facilities and Controls  | Brightline Builders             | rjohnson
  31 23 00 | Excavation and Fill                | Granite Site Works              | srossi
  03 20 00 | Concrete Reinforcing               | Keystone Concrete Inc.          | mthompson
  03 30 00 | Cast-in-Place Concrete             | Keystone Concrete Inc.          | mthompson
  04 20 00 | Unit Masonry                       | Cornerstone Masonry
  05 12 00 | Structural Steel Framing           | Apex Steel Erectors             | lramirez
  06 10 00 | Rough Carpentry                    | Brightline Builders             | rjohnson
  07 54 00 | Thermoplastic Membrane Roofing     | Ironclad Roofing                | dfoster
  08 11 13 | Hollow Metal Doors and Frames      | Metro Door & Hardware
  09 21 16 | Gypsum Board Assemblies            | Pacific Drywall Systems         | tnguyen
  09 91 00 | Painting                           | Coastline Painting
  21 13 13 | Wet-Pipe Sprinkler Systems         | Firestop Sprinkler Co.
  22 11 00 | Facility Water Distribution        | Bluewater Plumbing & Mechanical | cmendoza
  23 31 00 | HVAC Ducts and Casings             | Bluewater Plumbing & Mechanical | abrooks
  26 05 00 | Common Work Results for Electrical | Summit Electric Co.             | kwalsh
  32 12 16 | Asphalt Paving                     | Granite Site Works              | srossi
`).map(([csi, name, company, foreman]) => ({ csi, name, company, foreman: foreman as string | undefined }));

interface ProjectSeed {
  name: string;
  number: string;
  description: string;
  address: [line1: string, city: string, state: string, zip: string, county: string];
  area: string;
  start: number;
  end: number;
  budget: number;
  ownerNumber: string;
  architectNumber: string;
  owner: string;
  buildings: string[];
  floors: string[];
}
const projects: ProjectSeed[] = [
  {
    name: 'Riverside Medical Office Building',
    number: '2025-014',
    description:
      'Three-story, 62,000 SF medical office building: steel frame, unitized curtain wall, imaging suite and 240-stall surface parking.',
    address: ['2400 Riverside Blvd', 'Sacramento', 'CA', '95818', 'Sacramento County'],
    area: '916',
    start: dayMs(2025, 9, 15),
    end: dayMs(2027, 6, 30),
    budget: 48_750_000,
    ownerNumber: 'LHP-MOB-22',
    architectNumber: 'HDG-2318',
    owner: 'jobrien',
    buildings: list('Medical Office Building | Parking Lot | Central Plant'),
    floors: list('Level 1 | Level 2 | Level 3 | Roof'),
  },
  {
    name: 'Lincoln Elementary School Modernization',
    number: '2025-022',
    description:
      'Seismic upgrade and modernization of a 1952 two-story elementary school (48,000 SF), new gymnasium addition and site work.',
    address: ['1830 NE Killingsworth St', 'Portland', 'OR', '97211', 'Multnomah County'],
    area: '503',
    start: dayMs(2026, 1, 12),
    end: dayMs(2027, 8, 13),
    budget: 21_400_000,
    ownerNumber: 'LUSD-24-017',
    architectNumber: 'HDG-2402',
    owner: 'oturner',
    buildings: list('Classroom Wing A | Classroom Wing B | Gymnasium Addition'),
    floors: list('Level 1 | Level 2 | Roof'),
  },
  {
    name: 'Harborview Mixed-Use Apartments',
    number: '2026-003',
    description:
      'Seven-story mixed-use building: 184 apartments over ground-floor retail and a one-level podium garage, wood frame over concrete.',
    address: ['1102 Dock St', 'Tacoma', 'WA', '98402', 'Pierce County'],
    area: '253',
    start: dayMs(2026, 3, 2),
    end: dayMs(2028, 2, 25),
    budget: 67_900_000,
    ownerNumber: 'HVD-001',
    architectNumber: 'HDG-2507',
    owner: 'whayes',
    buildings: list('Podium | Residential Tower | Retail'),
    floors: list('Garage | Level 1 | Level 2 | Level 3 | Level 4 | Level 5 | Level 6 | Level 7 | Roof'),
  },
];

const documentStatuses = [
  { id: 1, name: 'Issued for Construction', advanced: 'IFC - Issued for Construction' },
  { id: 2, name: 'For Review', advanced: 'FR - For Review' },
  { id: 3, name: 'Approved', advanced: 'APP - Approved' },
  { id: 4, name: 'Superseded', advanced: 'SUP - Superseded' },
  { id: 5, name: 'Void', advanced: 'VOID - Void' },
  { id: 6, name: 'Bid Set', advanced: 'BID - Bid Set (Lincoln Elementary only)', project: 2 },
];
const disciplines = list(
  'General | Architectural | Structural | Mechanical | Electrical | Plumbing | Civil | Landscape | Fire Protection | Interiors',
);
const documentTypes = list(
  'Drawing | Specification | Report | Contract | Correspondence | Transmittal | Permit | Photo | Schedule | Submittal',
);
const disc = (name: string) => disciplines.indexOf(name) + 1;
const dtype = (name: string) => documentTypes.indexOf(name) + 1;

// sheet | title | discipline
const sheets = table(`
  G-001  | Cover Sheet and Sheet Index        | General
  G-002  | Code Analysis and Life Safety Plan | General
  C-101  | Site Plan                          | Civil
  C-201  | Grading and Drainage Plan          | Civil
  C-301  | Utility Plan                       | Civil
  L-101  | Landscape Plan                     | Landscape
  A-101  | First Floor Plan                   | Architectural
  A-102  | Second Floor Plan                  | Architectural
  A-103  | Third Floor Plan                   | Architectural
  A-104  | Roof Plan                          | Architectural
  A-201  | Exterior Elevations                | Architectural
  A-301  | Building Sections                  | Architectural
  A-401  | Wall Sections                      | Architectural
  A-501  | Exterior Details                   | Architectural
  A-601  | Door and Hardware Schedule         | Architectural
  A-701  | Reflected Ceiling Plans            | Architectural
  S-001  | Structural General Notes           | Structural
  S-101  | Foundation Plan                    | Structural
  S-201  | Level 2 Framing Plan               | Structural
  S-301  | Typical Concrete Details           | Structural
  M-101  | Mechanical Plan Level 1            | Mechanical
  M-201  | Roof Mechanical Plan               | Mechanical
  P-101  | Plumbing Plan Level 1              | Plumbing
  E-101  | Lighting Plan Level 1              | Electrical
  E-201  | Power Plan Level 1                 | Electrical
  E-601  | Single Line Diagram                | Electrical
  FP-101 | Fire Protection Plan Level 1       | Fire Protection
`);

// number prefix | document type | discipline | titles…
const documentKinds = table(`
  LTR | Correspondence | General    | Notice of Delay - Rebar Delivery | Request for Schedule Update | Response to Owner Comments | Notice of Differing Site Condition | Acceleration Request | Weather Delay Notice | Utility Shutdown Coordination | Letter of Intent - Curtain Wall | Backcharge Notice | Substantial Completion Planning
  TR  | Transmittal    | General    | Transmittal - Revised Shop Drawings | Transmittal - Product Samples | Transmittal - O&M Manuals | Transmittal - Test Reports | Transmittal - Permit Set | Transmittal - Survey Data
  RPT | Report         | Structural | Geotechnical Investigation Report | Special Inspection Report - Concrete | Concrete Cylinder Break Results | Welding Inspection Report | Soil Compaction Test Report | Fireproofing Thickness Report | Roof Moisture Survey | Third-Party Envelope Inspection
  PH  | Photo          | General    | Progress Photos - Week | Site Photos - Underslab Plumbing | Photos - Deck Pour | Photos - Envelope Mockup | Drone Survey
  SCH | Schedule       | General    | Baseline Schedule | Three-Week Lookahead | Schedule Update | Recovery Schedule | MEP Coordination Schedule
  PMT | Permit         | General    | Building Permit | Grading Permit | Encroachment Permit | Fire Sprinkler Permit | Electrical Permit | Temporary Certificate of Occupancy
  MEP | Report         | Mechanical | Duct Leakage Test Report | Hydrostatic Test Report | Test and Balance Report | Megger Test Results | Commissioning Checklist
`).map(([prefix, type, discipline, ...titles]) => ({ prefix, type, discipline, titles }));

const rfiSubjects = table(`
  Footing depth at grid C/4
  Duct and beam conflict at Level 2 corridor
  Missing hardware set for Door 104
  Roof drain conflicts with RTU-2 curb
  Slab edge dimension at curtain wall
  Embed plate size at canopy connection
  Fire damper access at shaft wall
  Finish floor elevation at main entry
  Rebar lap length at shear wall SW-3
  Conflict between sprinkler main and light fixtures
  Waterproofing at elevator pit
  Handrail height at monumental stair
  Beam penetration for 6" sanitary line
  Substitution request: ceiling tile
  Electrical room clearance at panel LP-2A
  Grease interceptor location
  Expansion joint cover type
  Window head detail at brick veneer
  Plumbing fixture mounting heights (ADA)
  Transformer pad dimensions
  Parapet height at north elevation
  Storm line invert at manhole SD-4
  Curb ramp slope at accessible stall
  Masonry control joint spacing
  Anchor bolt pattern for column C-7
  Mechanical screen support framing
  Casework backing in exam rooms
  Door swing conflict at Room 212
  Fire alarm device in stairwell
  Exterior light pole base detail
  Slab depression for tile at restrooms
  Gypsum board type at corridor walls
  Roof insulation thickness
  Acoustical ceiling height at lobby
  Domestic water riser size
  Generator exhaust routing
  Steel lintel at masonry opening
  Paint color for exposed structure
  Signage backing locations
  Concrete topping at stair pans
`).map(([subject]) => subject);

const punchSummaries = list(
  `Touch up paint at door frame | Replace cracked ceiling tile | Install missing outlet cover plate |
   Adjust door closer - door slams | Clean grout haze from floor tile | Caulk gap at window sill |
   Repair drywall nail pops | Install missing base trim | Replace scratched stainless panel |
   Secure loose handrail bracket | Label electrical panel circuits | Remove overspray from glazing |
   Install door stop | Patch and paint wall penetration | Re-hang sagging ceiling grid |
   Seal floor penetration (firestop) | Replace damaged carpet tile | Adjust cabinet door alignment |
   Clean debris from roof drains | Install missing ceiling diffuser`,
);

const rooms = list(
  '101 Lobby | 104 Reception | 110 Exam Room | 118 Restroom | 120 Corridor | 201 Open Office | 210 Conference | 212 Break Room | 224 Storage | 301 Imaging | 310 Electrical Room',
);

// spec section | package title
const submittalSpecs = table(`
  03 30 00 | Concrete Mix Designs
  03 20 00 | Reinforcing Steel Shop Drawings
  05 12 00 | Structural Steel Shop Drawings
  07 54 00 | TPO Roofing System
  08 11 13 | Hollow Metal Doors and Frames
  08 71 00 | Door Hardware Schedule
  09 21 16 | Gypsum Board Assemblies
  21 13 13 | Fire Sprinkler Shop Drawings
  23 73 13 | Air Handling Units
  26 24 16 | Panelboards
`);
const submittalItemKinds = list(
  'Product Data | Shop Drawings | Samples | Calculations | Warranty | Installation Instructions | Test Reports',
);
const submittalStatusCycle = list(
  'Approved | Approved as Noted | In Review | Submitted | Revise and Resubmit | Open | Approved | In Review | Closed | Draft',
);

// category | topics…
const minuteTopics = table(`
  General           | Review of previous minutes | Owner-furnished equipment delivery | Project directory updates | Monthly pay application review
  Schedule          | Three-week lookahead review | Curtain wall start date | Inspection scheduling for cover | Critical path: elevator installation | Weather days claimed
  Safety            | Fall protection at slab edges | Crane pick plan for RTUs | Housekeeping on Level 2 | Site traffic control at entrance
  RFIs & Submittals | Outstanding RFI responses | Submittal log review | Long-lead submittals (switchgear) | Door hardware resubmittal
  Change Orders     | PCO pricing for added data drops | Owner change: exam room layout | Unforeseen rock excavation cost | Allowance reconciliation
  Quality           | Concrete finish tolerance at Level 1 | Mockup review of envelope | Firestopping inspection results
  Site Logistics    | Laydown area relocation | Temporary power to trailers | Street closure permit for pour | Dumpster placement
`).map(([category, ...topics]) => ({ category, topics }));

export type ContainerKind =
  'documents' | 'drawings' | 'rfis' | 'punchList' | 'submittals' | 'dailyReports' | 'meetings';
const containerKinds = list(
  'documents | drawings | rfis | punchList | submittals | dailyReports | meetings',
) as ContainerKind[];

const weatherSkies = list('Clear | Sunny | Partly Cloudy | Mostly Cloudy | Overcast | Light Rain | Fog');
const windDirs = list('N | NE | E | SE | S | SW | W | NW');

// ---- writing ------------------------------------------------------------------------------------------

type Row = Record<string, string | number | null>;

function inserter(db: Database) {
  const cache = new Map<string, Statement>();
  return (table: string, row: Row): number => {
    const cols = Object.keys(row);
    const sql = `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`;
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return Number(s.run(row).lastInsertRowid);
  };
}

export function seed(db: Database, options: { scale?: boolean; variant?: 'xss' } = {}): void {
  const rng = random(20261101);
  const insert = inserter(db);
  db.transaction(() => {
    people.forEach((p, i) => {
      const domain = p.company
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/(^-|-$)/g, '');
      const salt = rng.bytes(16);
      insert('users', {
        id: i + 1,
        user_name: p.user,
        password_hash: p.kind === 'admin' || p.user === 'pm' ? hashPassword(p.user, salt) : 'disabled',
        first_name: p.first,
        last_name: p.last,
        company: p.company,
        email: `${p.first}.${p.last.replace(/[^A-Za-z]/g, '')}@${domain}.com`.toLowerCase(),
        phone: `(${rng.pick(['916', '503', '253', '415'])}) 555-01${pad(i + 10, 2)}`,
        cell_phone: `(${rng.pick(['916', '503', '253', '206'])}) 555-01${pad(i + 40, 2)}`,
        role: p.role,
        is_admin: p.kind === 'admin' ? 1 : 0,
        api_key: apiKey(rng),
      });
    });
    disciplines.forEach((name, i) => insert('document_disciplines', { id: i + 1, name }));
    documentTypes.forEach((name, i) => insert('document_types', { id: i + 1, name }));
    projects.forEach((p, i) => insert('projects', projectRow(p, i + 1)));
    documentStatuses.forEach((s, i) =>
      insert('document_statuses', {
        id: s.id,
        name: s.name,
        advanced_name: s.advanced,
        project_id: s.project ?? null,
        sorting: i + 1,
      }),
    );
    projects.forEach((p, i) => seedProject(db, insert, rng, p, i + 1));
    seedEmptyStates(db, insert);
  })();
  if (options.variant === 'xss') injectXss(db);
  if (options.scale) seedScale(db);
}

// ---- XSS variant (SEED_VARIANT=xss) ----------------------------------------------------------------------

/** Script-injection strings; each one, if it ever ran, would set `window.__xss`. */
export const XSS_CORPUS = [
  '<img src=x onerror="window.__xss=true">',
  '<script>window.__xss=true</script>',
  'javascript:window.__xss=true',
  '"><svg onload="window.__xss=true">',
  '\'><iframe srcdoc="<script>parent.__xss=true</script>"></iframe>',
  '${window.__xss=true}',
  "{{constructor.constructor('window.__xss=true')()}}",
  '<a href="javascript:window.__xss=true">link</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=true">',
  '</textarea><details open ontoggle="window.__xss=true">',
  '<object data="javascript:window.__xss=true"></object>',
  '<style>@import "javascript:window.__xss=true";</style><b onmouseover="window.__xss=true">hover</b>',
];

/** Columns left as they are: sign-in and keys (the tests still sign in). */
const XSS_KEEP = new Set(['users.user_name', 'users.password_hash', 'users.api_key']);
/** Columns holding a JSON list of strings: each entry becomes a payload. */
const XSS_JSON_LISTS = new Set([
  'punch_list.responsible_parties',
  'punch_list.cc_users',
  'meetings.attendees',
  'meeting_minutes.responsible_parties',
]);

/**
 * Puts a corpus string into every text column of every seeded domain record (and people's names), keeping the
 * original value after it so screens stay recognisable; link-like columns get the bare `javascript:` URL.
 */
export function injectXss(db: Database): void {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as { name: string }[];
  db.transaction(() => {
    for (const { name: table } of tables) {
      if (['sessions', 'settings', 'request_log'].includes(table)) continue;
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[])
        .filter((c) => c.type.toUpperCase() === 'TEXT' && !XSS_KEEP.has(`${table}.${c.name}`))
        .map((c) => c.name);
      if (!columns.length) continue;
      const rows = db.prepare(`SELECT rowid AS rid, ${columns.join(', ')} FROM ${table}`).all() as Record<
        string,
        string | null
      >[];
      for (const row of rows) {
        const rid = Number(row.rid);
        const set: Record<string, string> = {};
        columns.forEach((col, i) => {
          const payload = XSS_CORPUS[(rid + i) % XSS_CORPUS.length];
          const value = row[col];
          if (XSS_JSON_LISTS.has(`${table}.${col}`)) {
            set[col] = JSON.stringify([payload, ...(value ? (JSON.parse(value) as string[]) : [])]);
          } else if (/url|path/.test(col)) {
            set[col] = 'javascript:window.__xss=true';
          } else {
            // Empty fields get the row id too, so columns with a unique index stay unique.
            set[col] = `${payload} ${value || `#${rid}`}`;
          }
        });
        const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
        db.prepare(`UPDATE ${table} SET ${assignments} WHERE rowid = @rid`).run({ ...set, rid });
      }
    }
  })();
}

function projectRow(p: ProjectSeed, id: number): Row {
  const [line1, city, state, zip, county] = p.address;
  return {
    id,
    status: 1,
    owner_id: userId(p.owner),
    name: p.name,
    number: p.number,
    description: p.description,
    address_line1: line1,
    address_line2: id === 1 ? 'Building A' : null,
    city,
    zip,
    state,
    county,
    country: 'USA',
    phone: `(${p.area}) 555-01${pad(id * 20, 2)}`,
    fax: `(${p.area}) 555-01${pad(id * 20 + 1, 2)}`,
    logo: 0,
    // No logo: an outside host would be out of reach on an offline network (a console error on every dashboard).
    logo_url: null,
    file_path: `/projects/${p.number}`,
    start_ms: p.start,
    end_ms: p.end,
    number_owner: p.ownerNumber,
    number_architect: p.architectNumber,
    is_disabled: 0,
    submit_to: 'Hartwell Design Group',
    submit_from: GC,
    return_to: GC,
    return_from: 'Hartwell Design Group',
    budget: p.budget,
    contingency: Math.round(p.budget * 0.05),
    valuation: `$${(p.budget / 1e6).toFixed(2)}M`,
    organization: GC,
    location: `${city}, ${state}`,
    ext_drive_org_id: `brightline-${p.number}`,
  };
}

function seedProject(
  db: Database,
  insert: (t: string, r: Row) => number,
  rng: Rng,
  p: ProjectSeed,
  projectId: number,
) {
  const members = people.flatMap((m, i) => (!m.project || m.project === projectId ? [i + 1] : []));
  members.forEach((u) => insert('project_members', { project_id: projectId, user_id: u }));
  const gcStaff = [userId('pm'), userId('smitchell'), userId('ecarter'), userId('rjohnson')];
  const designers = idsOf('architect', 'engineer');
  const pmId = userId('pm');

  // Folder ids are fixed per project (base + offset), so the ids tests use survive changes elsewhere:
  // root +1, containers +2..+8, document sub folders +10.., RFIs +100+n, submittals +1000.., daily
  // reports +2000.., meetings +3000...
  const base = (projectId - 1) * 10_000;
  const folder = (
    id: number,
    parent: number | null,
    kind: FolderKind,
    name: string,
    at: number,
    more: { description?: string; sorting?: number; by?: number; updatedMs?: number; access?: number } = {},
  ) =>
    insert('folders', {
      id: base + id,
      parent_id: parent,
      project_id: projectId,
      folder_type: folderTypes[kind].code,
      name,
      description: more.description ?? null,
      sorting: more.sorting ?? 0,
      access_by_list: more.access ?? 0,
      created_by: more.by ?? pmId,
      created_ms: at,
      updated_by: more.by ?? pmId,
      updated_ms: more.updatedMs ?? at,
    });
  const updateRef = db.prepare('UPDATE folders SET reference_id = ? WHERE id = ?');
  const setRef = (folderId: number, ref: number) => updateRef.run(ref, folderId);
  const readOnlyFor = (folderId: number, user: number) =>
    insert('folder_permissions', { folder_id: folderId, user_id: user, can_modify: 0, can_delete: 0 });

  const root = folder(1, null, 'project', p.name, p.start, {
    description: p.description,
    by: userId('admin'),
  });
  setRef(root, projectId);
  db.prepare('UPDATE projects SET root_folder_id = ? WHERE id = ?').run(root, projectId);
  const c = Object.fromEntries(
    containerKinds.map((k, i) => [
      k,
      folder(2 + i, root, k, folderTypes[k].name, p.start, { sorting: i + 1, by: userId('admin') }),
    ]),
  ) as Record<ContainerKind, number>;

  // Documents: sub folders first, then 200 documents in the container, then the drawing sheets.
  const sub = (name: string, sorting: number, description: string, access = 0) =>
    folder(9 + sorting, c.documents, 'folder', name, p.start + 3 * DAY, { sorting, description, access });
  const specsFolder = sub('Specifications', 1, 'Project manual, by CSI section');
  const contractsFolder =
    projectId === 1
      ? sub('Owner Contracts', 2, 'Owner-GC agreement and amendments', 1)
      : sub('Contracts', 2, 'Subcontracts and purchase orders');
  const permitsFolder = sub('Permits & Inspections', 3, 'Permits, inspection cards and sign-offs');
  if (projectId === 1) {
    readOnlyFor(contractsFolder, pmId);
    sub('Archive (empty)', 9, 'Nothing archived yet');
  }

  const docIds: number[] = [];
  const document = (
    folderId: number,
    number: string,
    title: string,
    discipline: string,
    type: string,
    csi: string | null,
  ) => {
    const issued = REF - rng.int(2, 400) * DAY;
    const size = rng.int(40_000, 24_000_000);
    const status = rng.pick([1, 1, 1, 2, 3, 3, 4, 5] as const);
    const id = insert('documents', {
      folder_id: folderId,
      number,
      discipline: disc(discipline),
      csi,
      type: dtype(type),
      status,
      issue: rng.pick(['Rev 0', 'Rev 1', 'Rev 2', 'IFC', 'Addendum 1', 'Bulletin 3']),
      issue_ms: Math.max(issued, p.start - 60 * DAY),
      estimated_file_size: size,
      uploaded_file_name: `${number} ${title}.pdf`.replace(/[/\\]/g, '-'),
      uploaded_file_size: size,
      all_files_size: size + (rng.chance(0.3) ? rng.int(10_000, 2_000_000) : 0),
      file_type: 'pdf',
      created_by: rng.pick(gcStaff),
      created_ms: Math.max(issued, p.start - 60 * DAY),
      updated_by: rng.pick(gcStaff),
      updated_ms: Math.min(REF - DAY, Math.max(issued, p.start - 60 * DAY) + rng.int(0, 30) * DAY),
    });
    docIds.push(id);
    return id;
  };
  for (const [section, name] of trades.map((t) => [t.csi, t.name] as const)) {
    document(specsFolder, section, `${name} - Specification`, 'General', 'Specification', section);
  }
  const contractTitles = [
    'Owner-Contractor Agreement (AIA A101)',
    'General Conditions (AIA A201)',
    'Amendment No. 1',
    'Amendment No. 2',
    'Insurance Certificates',
    'Performance and Payment Bonds',
  ];
  contractTitles.forEach((t, i) =>
    document(contractsFolder, `CON-${pad(i + 1, 3)}`, t, 'General', 'Contract', null),
  );
  for (let i = 1; i <= 8; i++) {
    document(permitsFolder, `INSP-${pad(i, 3)}`, `Inspection Record ${i}`, 'General', 'Permit', null);
  }
  const counters = new Map<string, number>();
  for (let i = 0; i < 200; i++) {
    const kind = documentKinds[i % documentKinds.length];
    const n = (counters.get(kind.prefix) ?? 0) + 1;
    counters.set(kind.prefix, n);
    const title = `${rng.pick(kind.titles)}${kind.prefix === 'PH' || kind.prefix === 'SCH' ? ` ${n}` : ''}`;
    const trade = rng.chance(0.4) ? rng.pick(trades) : null;
    document(
      c.documents,
      `${kind.prefix}-${pad(n, 4)}`,
      title,
      kind.discipline,
      kind.type,
      trade?.csi ?? null,
    );
  }
  const drawingIds = sheets.map(([number, title, d]) =>
    document(c.drawings, number, title, d, 'Drawing', null),
  );

  // RFIs.
  const rfiFolders: number[] = [];
  const subjects = rng.sample(rfiSubjects, 36);
  subjects.forEach((subject, i) => {
    const n = i + 1;
    const created = REF - (186 - n * 5 - rng.int(0, 3)) * DAY;
    const due = created + rng.pick([7, 10, 14]) * DAY;
    const age = (REF - created) / DAY;
    let status = age > 60 ? rng.pick([3, 4, 4, 4]) : age > 25 ? rng.pick([2, 3, 4]) : rng.pick([1, 2, 2, 2]);
    if (n % 9 === 4) status = 2; // open and (for the older ones) overdue
    if (n >= 35) status = 1; // the newest are drafts
    const closed = status === 4 ? Math.min(REF - DAY, created + rng.int(3, 20) * DAY) : null;
    const from = rng.pick(gcStaff);
    const to = rng.pick(designers);
    const number = `RFI-${pad(n, 3)}`;
    const sheet = rng.pick(sheets);
    const fid = folder(100 + n, c.rfis, 'rfi', subject, created, {
      description: number,
      sorting: n,
      by: from,
      updatedMs: closed ?? created,
    });
    rfiFolders.push(fid);
    const cost = rng.chance(0.25);
    const answered = status >= 3;
    const issue = insert('open_issues', {
      folder_id: fid,
      project_id: projectId,
      number,
      subject,
      question: `${subject}: ${sheet[0]} (${sheet[1]}) and the specifications disagree. Please confirm the intended condition so work can proceed without delay.`,
      location_site: 'Main Site',
      location_building: rng.pick(p.buildings),
      location_floor: rng.pick(p.floors),
      location_room: rng.chance(0.6) ? rng.pick(rooms) : null,
      created_date: text(created),
      due_date: text(due),
      closed_date: closed === null ? null : text(closed),
      status_id: status,
      issue_from: from,
      issue_to: to,
      cost_impact: cost ? 1 : 0,
      change_order_id: cost ? 100 * projectId + n : null,
      change_order_number: cost ? `CO-${pad(n, 3)}` : null,
      change_order_amount: cost ? rng.int(150, 8500) * 10 : null,
      change_order_status: cost ? rng.pick(['Pending', 'Approved', 'Rejected']) : null,
      reference: rng.chance(0.7)
        ? `Spec ${rng.pick(trades).csi}, 3.${rng.int(1, 9)}.${rng.pick(['A', 'B', 'C'])}`
        : null,
      drawing: sheet[0],
      drawing_detail: rng.chance(0.6) ? `${rng.int(1, 12)}/${sheet[0]}` : null,
      discussion_replies: answered
        ? `${fullName(to)} (${text(created + 2 * DAY)}): Confirmed; follow detail ${rng.int(1, 12)}/${sheet[0]} and notify the engineer of any field conflicts.\n\n${fullName(from)} (${text(created + 3 * DAY)}): Understood, proceeding.`
        : null,
    });
    setRef(fid, issue);
    rng
      .sample(
        members.filter((m) => m !== from && m !== to),
        rng.int(1, 3),
      )
      .forEach((u, k) => insert('open_issue_cc', { open_issue_id: issue, position: k, user_id: u }));
    const refs = new Set([rng.pick(drawingIds), ...rng.sample(docIds, rng.int(0, 2))]);
    refs.forEach((d) => insert('open_issue_documents', { open_issue_id: issue, document_id: d }));
    if (n === 3) readOnlyFor(fid, pmId);
  });

  // Punch list: rows of the container, numbered 1..n in the project.
  const foremen = idsOf('sub');
  for (let n = 1; n <= 60; n++) {
    const created = REF - rng.int(1, 45) * DAY;
    const status = rng.pick(punchListStatuses).code;
    const done = status >= 3;
    insert('punch_list', {
      folder_id: c.punchList,
      project_id: projectId,
      number: n,
      summary: rng.pick(punchSummaries),
      description: `Observed during ${rng.pick(['owner', 'architect', 'GC'])} walk on ${text(created)}.`,
      location_site: 'Main Site',
      location_building: rng.pick(p.buildings),
      location_floor: rng.pick(p.floors),
      location_room: rng.pick(rooms),
      due_date: text(created + 14 * DAY),
      status,
      completed_date: done ? text(Math.min(REF - DAY, created + rng.int(2, 12) * DAY)) : null,
      cost_impact: 0,
      owner_status: rng.pick(ownerStatuses).code,
      notifying_party: fullName(rng.pick([userId('mgonzalez'), userId('pm'), userId(p.owner)])),
      issue_date: text(created),
      subcontractor_status: done ? 3 : rng.pick(subcontractorStatuses).code,
      architect_status: rng.pick(architectStatuses).code,
      responsible_parties: JSON.stringify([String(rng.pick(foremen))]),
      cc_users: JSON.stringify([String(pmId)]),
      drawing: rng.pick(sheets)[0],
      created_by: pmId,
      created_ms: created,
    });
  }

  // Submittals: packages with items (folders) and attachment files.
  submittalSpecs.forEach(([section, title], i) => {
    const trade = trades.find((t) => t.csi === section);
    const subUser = trade?.foreman ? userId(trade.foreman) : rng.pick(foremen);
    const status = submittalStatusCycle[i];
    const created = REF - rng.int(20, 160) * DAY;
    const number = `${section}-${pad(1 + (i % 2), 2)}`;
    const pfid = folder(1000 + 100 * i, c.submittals, 'submittalPackage', title, created, {
      description: `Spec section ${section}`,
      sorting: i + 1,
    });
    const pkg = insert('submittal_packages', {
      folder_id: pfid,
      number,
      description: title,
      status,
      reference: `Spec ${section}`,
      revision: String(status === 'Revise and Resubmit' ? 1 : rng.int(0, 2)),
      subcontractor_id: subUser,
      submitting_contact_id: subUser,
      reviewing_contact_id: rng.pick(designers),
      project_manager_id: pmId,
      is_pending: status === 'Submitted' || status === 'In Review' ? 1 : 0,
      due_date_from_sub: text(created + 21 * DAY),
      source_number: `${section.replace(/ /g, '')}-${pad(i + 1, 3)}`,
      notes: rng.chance(0.5) ? 'Long-lead item: confirm release date with supplier.' : null,
    });
    setRef(pfid, pkg);
    const final = ['Approved', 'Approved as Noted', 'Closed'].includes(status);
    const kinds = rng.sample(submittalItemKinds, rng.int(1, 5));
    kinds.forEach((kind, k) => {
      const ifid = folder(1000 + 100 * i + k + 1, pfid, 'submittalItem', `${kind} - ${title}`, created, {
        sorting: k + 1,
        by: subUser,
      });
      const item = insert('submittal_items', {
        folder_id: ifid,
        package_id: pkg,
        item_number: `${number}.${k + 1}`,
        spec_section: section,
        is_closed: final || rng.chance(0.3) ? 1 : 0,
      });
      setRef(ifid, item);
      for (let a = 1, files = rng.int(1, 3); a <= files; a++) {
        const name =
          `${kind} - ${title} ${a === 1 ? '' : `(part ${a}) `}`.trim().replace(/\s+/g, ' ') + '.pdf';
        const uploaded = created + rng.int(0, 10) * DAY + rng.int(3 * 60, 12 * 60) * 60_000; // 8 AM-5 PM Pacific
        const https = rng.chance(0.5);
        insert('attachment_files', {
          item_folder_id: ifid,
          uploaded_file_id: 10_000 * projectId + 100 * i + 10 * k + a,
          path: https
            ? `https://files.brightline-builders.com/${p.number}/submittals/${number.replace(/ /g, '')}/${encodeURIComponent(name)}`
            : `/uploads/${p.number}/submittals/${number.replace(/ /g, '')}/${name}`,
          name,
          type: 'application/pdf',
          size: rng.int(80_000, 15_000_000),
          description: `${kind} for ${title}`,
          uploaded_ms: uploaded,
          uploaded_by: subUser,
          modified_ms: rng.chance(0.4) ? uploaded + rng.int(1, 5) * DAY : uploaded,
          modified_by: rng.chance(0.4) ? rng.pick(designers) : subUser,
        });
      }
    });
  });

  // Daily reports: the 30 working days before the reference date.
  const days: number[] = [];
  for (let d = REF - DAY; days.length < 30; d -= DAY) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) days.unshift(d);
  }
  const superintendent = userId('rjohnson');
  days.forEach((d, i) => {
    const sky = rng.pick(weatherSkies);
    const rain = sky === 'Light Rain' ? (rng.int(2, 40) / 100).toFixed(2) : '0.00';
    const temperature = `${rng.int(42, 78)}°F`;
    const activities = rng.sample(trades, rng.int(3, 10));
    const fid = folder(2001 + i, c.dailyReports, 'dailyReport', `Daily Report ${text(d)}`, d + 4 * 3600_000, {
      description: `${sky}, ${temperature}; ${activities.length} crews on site`,
      sorting: i + 1,
      by: superintendent,
    });
    const report = insert('daily_reports', {
      folder_id: fid,
      report_period: 'Day Shift (7:00 AM - 3:30 PM)',
      temperature,
      precipitation: `${rain} in`,
      sky,
      wind: `${rng.pick(windDirs)} ${rng.int(0, 18)} mph`,
      me_deliveries: rng.chance(0.6)
        ? `${rng.pick(['Rebar (12 tons)', 'Drywall (3 trucks)', 'Structural steel (2 loads)', 'Conduit and wire', 'RTU-2 (crane pick)', 'Concrete (96 CY)'])} received`
        : null,
      issues: rng.chance(0.3)
        ? rng.pick([
            'Inspector late; pour delayed 1 hour.',
            'Pump truck breakdown; replacement on site by 10:15 AM.',
            'Rain stopped roofing at noon.',
            'Material shortage: 5/8" Type X board.',
          ])
        : null,
      visitors: rng.chance(0.4)
        ? rng.pick([
            'City building inspector (framing)',
            'Owner walk-through',
            'Special inspector (welding)',
            'Architect site visit',
          ])
        : null,
      dated_ms: d,
      author: superintendent,
      humidity: `${rng.int(30, 95)}%`,
      pressure: `${(29.7 + rng.int(0, 60) / 100).toFixed(2)} inHg`,
      visibility: `${rng.int(2, 10)} mi`,
      cloudcover: `${rng.int(0, 100)}%`,
      observation_time: formatTextTime(7 * 60),
      units: 'Imperial',
      unit_description: 'Temperature °F, precipitation in, wind mph, pressure inHg',
      cc_user_list: [pmId, userId('smitchell'), userId(p.owner)].map(fullName).join('; '),
    });
    setRef(fid, report);
    activities.forEach((t) => {
      const crew = rng.int(2, 14);
      const subs = rng.chance(0.4)
        ? rng.sample(
            trades.filter((x) => x.company !== t.company && x.company !== GC),
            rng.int(1, 2),
          )
        : [];
      insert('daily_report_activities', {
        daily_report_id: report,
        contact: t.foreman ? userId(t.foreman) : null,
        location: `${rng.pick(p.buildings)}, ${rng.pick(p.floors)}`,
        people_foreman: 1,
        hours_foreman: 8,
        people_tradesman: crew,
        hours_tradesman: crew * 8,
        people_laborers: rng.int(0, 6),
        hours_laborers: rng.int(0, 6) * 8,
        people_apprentice: rng.int(0, 3),
        hours_apprentice: rng.int(0, 3) * 8,
        subc1_name: subs[0]?.company ?? null,
        subc1_people: subs[0] ? rng.int(1, 6) : null,
        subc1_hours: subs[0] ? rng.int(1, 6) * 8 : null,
        subc2_name: subs[1]?.company ?? null,
        subc2_people: subs[1] ? rng.int(1, 4) : null,
        subc2_hours: subs[1] ? rng.int(1, 4) * 8 : null,
        is_union: rng.chance(0.5) ? 1 : 0,
        is_2tier: subs.length ? 1 : 0,
        primary_subc: t.company,
        csi: csiNumber(t.csi),
        csi_name: t.name,
        description: `${t.name}: work continued per the lookahead schedule.`,
      });
    });
  });

  // Meetings (weekly, Wednesdays) with minutes as child folders.
  const meetingTypes = [
    'OAC Meeting',
    'Subcontractor Coordination',
    'OAC Meeting',
    'Safety Meeting',
    'MEP Coordination',
  ];
  for (let i = 0; i < 10; i++) {
    const date = REF - (4 + 7 * (9 - i)) * DAY; // Wednesdays, oldest first
    const type = meetingTypes[i % meetingTypes.length];
    const subject = `${type} #${i + 1}`;
    const mfid = folder(3000 + 100 * i, c.meetings, 'meeting', subject, date - 2 * DAY, {
      sorting: i + 1,
      description: `Weekly ${type.toLowerCase()}`,
    });
    const attendees = rng.sample(members, rng.int(4, 9)).map(fullName);
    const meeting = insert('meetings', {
      folder_id: mfid,
      subject,
      meeting_number: pad(i + 1, 3),
      meeting_date: text(date),
      start_time: formatTextTime(10 * 60),
      end_time: formatTextTime(11 * 60 + 30),
      location: rng.pick(['Site Trailer Conference Room', 'Microsoft Teams', 'Owner Conference Room B']),
      meeting_type: type,
      is_confidential: type === 'OAC Meeting' && i === 7 ? 1 : 0,
      notes_before: 'Agenda distributed 24 hours in advance. Review open action items first.',
      notes_after: `Next meeting ${text(date + 7 * DAY)} at 10:00 AM.`,
      attendees: JSON.stringify(attendees),
    });
    setRef(mfid, meeting);
    // Item numbers: <category>.<seq>, e.g. 2.03 is the third schedule item.
    const perCategory = new Map<number, number>();
    const categories = Array.from({ length: rng.int(5, 20) }, () => rng.int(0, minuteTopics.length - 1));
    categories.sort((a, b) => a - b);
    categories.forEach((cat, k) => {
      const seq = (perCategory.get(cat) ?? 0) + 1;
      perCategory.set(cat, seq);
      const { category, topics } = minuteTopics[cat];
      const summary = `${rng.pick(topics)}${seq > 1 ? ` (${seq})` : ''}`;
      const action = rng.chance(0.6);
      const due = date + rng.int(5, 21) * DAY;
      const complete = action && due < REF && rng.chance(0.6);
      const nfid = folder(3000 + 100 * i + k + 1, mfid, 'meetingMinute', summary, date, { sorting: k + 1 });
      const minute = insert('meeting_minutes', {
        folder_id: nfid,
        meeting_id: meeting,
        summary,
        item_number: `${cat + 1}.${pad(seq, 2)}`,
        minute_type: action ? 'Action Item' : rng.pick(['Information', 'Decision']),
        minute_category: category,
        date_originated: text(date - (rng.chance(0.3) ? 7 * DAY : 0)),
        date_due: action ? text(due) : null,
        date_resolved: complete ? text(Math.min(REF - DAY, due - rng.int(0, 4) * DAY)) : null,
        is_complete: complete || (!action && rng.chance(0.5)) ? 1 : 0,
        is_hidden: rng.chance(0.06) ? 1 : 0,
        details: `${summary}. ${action ? `${fullName(rng.pick(members))} to follow up and report at the next meeting.` : 'Noted.'}`,
        linked_issue_folder_id:
          category === 'RFIs & Submittals' && rng.chance(0.7) ? rng.pick(rfiFolders) : null,
        responsible_parties: action ? JSON.stringify(rng.sample(members, rng.int(1, 2)).map(fullName)) : null,
      });
      setRef(nfid, minute);
    });
  }
}

/**
 * Two records with optional parts missing, appended after everything else (no existing id moves, no PRNG draw):
 * in project 3, a Saturday daily report with no weather, deliveries, issues or visitors, and next week's
 * meeting, whose minutes are not taken yet.
 */
function seedEmptyStates(db: Database, insert: (t: string, r: Row) => number) {
  const setRef = db.prepare('UPDATE folders SET reference_id = ? WHERE id = ?');
  const base = 2 * 10_000;
  const container = (offset: number) => base + offset;
  const saturday = REF - DAY; // 10/31/2026
  const superintendent = userId('rjohnson');
  const report = (id: number, parent: number, kind: FolderKind, name: string, at: number, sorting: number) =>
    insert('folders', {
      id,
      parent_id: parent,
      project_id: 3,
      folder_type: folderTypes[kind].code,
      name,
      description: null,
      sorting,
      access_by_list: 0,
      created_by: superintendent,
      created_ms: at,
      updated_by: superintendent,
      updated_ms: at,
    });
  const fid = report(
    base + 2031,
    container(7),
    'dailyReport',
    `Daily Report ${text(saturday)}`,
    saturday,
    31,
  );
  const reportId = insert('daily_reports', {
    folder_id: fid,
    report_period: 'Saturday clean-up (7:00 AM - 11:00 AM)',
    dated_ms: saturday,
    author: superintendent,
  });
  setRef.run(reportId, fid);
  insert('daily_report_activities', {
    daily_report_id: reportId,
    contact: superintendent,
    location: 'Site, perimeter',
    people_foreman: 1,
    hours_foreman: 4,
    people_tradesman: 0,
    hours_tradesman: 0,
    people_laborers: 3,
    hours_laborers: 12,
    people_apprentice: 0,
    hours_apprentice: 0,
    is_union: 0,
    is_2tier: 0,
    primary_subc: GC,
    csi: 17400,
    csi_name: 'Cleaning and Waste Management',
    description: 'Site clean-up and erosion control check after the week.',
  });
  const wednesday = REF + 3 * DAY; // 11/04/2026
  const mfid = report(base + 4000, container(8), 'meeting', 'OAC Meeting #11', REF, 11);
  const meeting = insert('meetings', {
    folder_id: mfid,
    subject: 'OAC Meeting #11',
    meeting_number: '011',
    meeting_date: text(wednesday),
    start_time: formatTextTime(10 * 60),
    end_time: formatTextTime(11 * 60 + 30),
    location: 'Site Trailer Conference Room',
    meeting_type: 'OAC Meeting',
    is_confidential: 0,
    notes_before: 'Agenda to follow.',
  });
  setRef.run(meeting, mfid);
}

// ---- the ids tests need ------------------------------------------------------------------------------

export interface SeedFacts {
  users: { admin: number; pm: number };
  projects: number[];
  rootFolders: number[];
  /** Per project: the container folders below the root. */
  containers: Record<ContainerKind, number>[];
  /** RFI-001 of project 1. */
  rfiFolder: number;
  /** RFI-003 of each project: pm may not modify them. */
  readOnlyRfiFolders: number[];
  /** 'Owner Contracts' under project 1's documents: pm may not modify it. */
  ownerContractsFolder: number;
  /** 'Archive (empty)' under project 1's documents. */
  emptyFolder: number;
  /** First submittal package of project 1, its first item, a daily report and a meeting of project 1. */
  submittalPackageFolder: number;
  submittalItemFolder: number;
  dailyReport: number;
  meetingFolder: number;
}

/** The seeded ids (checked against `seedFacts` by tests/unit/seed.test.ts). */
export const seedIds: SeedFacts = {
  users: { admin: 1, pm: 2 },
  projects: [1, 2, 3],
  rootFolders: [1, 10001, 20001],
  containers: [0, 10_000, 20_000].map(
    (base) =>
      Object.fromEntries(containerKinds.map((k, i) => [k, base + 2 + i])) as Record<ContainerKind, number>,
  ),
  rfiFolder: 101,
  readOnlyRfiFolders: [103, 10103, 20103],
  ownerContractsFolder: 11,
  emptyFolder: 18,
  submittalPackageFolder: 1000,
  submittalItemFolder: 1001,
  dailyReport: 1,
  meetingFolder: 3000,
};

/** Looks the ids of `SeedFacts` up by name and type. */
export function seedFacts(db: Database): SeedFacts {
  const one = (sql: string, ...args: unknown[]) => {
    const row = db.prepare(sql).get(...args) as { id: number } | undefined;
    if (!row) throw new Error(`seedFacts: nothing for ${sql} ${args.join(', ')}`);
    return row.id;
  };
  const user = (name: string) => one('SELECT id FROM users WHERE user_name = ?', name);
  const projectIds = (db.prepare('SELECT id FROM projects ORDER BY id').all() as { id: number }[]).map(
    (r) => r.id,
  );
  const roots = projectIds.map((p) => one('SELECT root_folder_id AS id FROM projects WHERE id = ?', p));
  const containers = roots.map(
    (root) =>
      Object.fromEntries(
        containerKinds.map((k) => [
          k,
          one('SELECT id FROM folders WHERE parent_id = ? AND folder_type = ?', root, folderTypes[k].code),
        ]),
      ) as SeedFacts['containers'][number],
  );
  const rfi = (p: number, number: string) =>
    one('SELECT folder_id AS id FROM open_issues WHERE project_id = ? AND number = ?', p, number);
  const underDocs = (name: string) =>
    one('SELECT id FROM folders WHERE parent_id = ? AND name = ?', containers[0].documents, name);
  const firstChild = (parent: number) =>
    one('SELECT id FROM folders WHERE parent_id = ? ORDER BY sorting, id LIMIT 1', parent);
  const submittalPackageFolder = firstChild(containers[0].submittals);
  return {
    users: { admin: user('admin'), pm: user('pm') },
    projects: projectIds,
    rootFolders: roots,
    containers,
    rfiFolder: rfi(projectIds[0], 'RFI-001'),
    readOnlyRfiFolders: projectIds.map((p) => rfi(p, 'RFI-003')),
    ownerContractsFolder: underDocs('Owner Contracts'),
    emptyFolder: underDocs('Archive (empty)'),
    submittalPackageFolder,
    submittalItemFolder: firstChild(submittalPackageFolder),
    dailyReport: one(
      'SELECT reference_id AS id FROM folders WHERE id = ?',
      firstChild(containers[0].dailyReports),
    ),
    meetingFolder: firstChild(containers[0].meetings),
  };
}

/** The 'Scale: 100k documents' folder, when seedScale ran. */
export function findScaleFolder(db: Database): number | undefined {
  const row = db
    .prepare('SELECT id FROM folders WHERE name = ? AND folder_type = ?')
    .get(SCALE_FOLDER_NAME, folderTypes.folder.code) as { id: number } | undefined;
  return row?.id;
}

// ---- scale --------------------------------------------------------------------------------------------

const LOG_OPERATIONS: { path: string; weight: number; body: (r: Rng) => Record<string, unknown> | null }[] = [
  { path: '/api/internal/authenticateuser', weight: 3, body: () => null },
  { path: '/api/internal/folder/get', weight: 14, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/folder/readissuefolder',
    weight: 16,
    body: (r) => ({ folderParentId: r.int(1, 3200) }),
  },
  {
    path: '/api/internal/document/documentsreadInfolder',
    weight: 14,
    body: (r) => ({ parentFolderId: r.int(1, 3200) }),
  },
  {
    path: '/api/internal/document/foldersdocumentsgetbyparentfolder',
    weight: 5,
    body: (r) => ({ folderParentId: r.int(1, 3200), folderType: r.pick(['', '15', 'RFI']) }),
  },
  { path: '/api/internal/openissue/read', weight: 12, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/openissue/update',
    weight: 4,
    body: (r) => ({
      openIssue: { folderId: r.int(1, 3200), statusId: r.int(1, 4), dueDate: text(REF + r.int(1, 30) * DAY) },
    }),
  },
  { path: '/api/internal/openissue/readrecipients', weight: 4, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/punchlist/createmany',
    weight: 2,
    body: (r) => ({
      punchlistList: [{ folderId: r.int(1, 3200), summary: r.pick(punchSummaries), tempItemId: r.key(8) }],
    }),
  },
  {
    path: '/api/internal/submittal/Update',
    weight: 2,
    body: (r) => ({ submittal: { folderId: r.int(1, 3200), status: r.pick(submittalStatusCycle) } }),
  },
  {
    path: '/api/internal/submittalitem/readattachments',
    weight: 3,
    body: (r) => ({ folderId: r.int(1, 3200) }),
  },
  { path: '/api/internal/dailyreport/get', weight: 4, body: (r) => ({ dailyReportId: r.int(1, 90) }) },
  {
    path: '/api/internal/dailyreportactivity/getdailyreportactivitiesbyreport',
    weight: 4,
    body: (r) => ({ dailyReportId: r.int(1, 90) }),
  },
  { path: '/api/internal/project/get', weight: 6, body: (r) => ({ projectId: r.int(1, 3) }) },
  {
    path: '/api/internal/folder/update',
    weight: 2,
    body: (r) => ({ folder: { folderId: r.int(1, 3200), folderDescription: 'Updated' } }),
  },
  {
    path: '/api/internal/document/extdrive/add',
    weight: 1,
    body: (r) => ({ document: { folderParentId: r.int(1, 3200), fileName: `Scan ${r.int(1, 999)}.pdf` } }),
  },
  { path: '/api/internal/document/documentstatusread', weight: 2, body: (r) => ({ projectId: r.int(1, 3) }) },
  { path: '/api/internal/meeting/read', weight: 3, body: (r) => ({ folderId: r.int(1, 3200) }) },
  {
    path: '/api/internal/meetingminute/readbymeeting',
    weight: 3,
    body: (r) => ({ folderId: r.int(1, 3200) }),
  },
];

const LOG_ERRORS = [
  { status: 404, errorCode: 'NotFound', message: 'Folder 3117 was not found.' },
  { status: 400, errorCode: 'Required', message: "'folderId' is required.", fieldName: 'folderId' },
  {
    status: 400,
    errorCode: 'InvalidDate',
    message: 'Due date must be a date as MM/DD/YYYY.',
    fieldName: 'openIssue.dueDate',
  },
  { status: 403, errorCode: 'Forbidden', message: "You may not modify 'Owner Contracts'." },
  { status: 401, errorCode: 'Unauthorized', message: 'The session has expired; sign in again.' },
];

/**
 * Adds the scale data: 100,000 documents in 'Scale: 100k documents' under project 1's documents and
 * 1,000,000 request-log rows spread over the 30 days before now (the log is about real time, unlike the
 * rest of the seed). One transaction per 50,000 rows; does nothing when the scale folder exists. The counts
 * can be lowered (tests).
 */
export function seedScale(
  db: Database,
  counts = { documents: SCALE_DOCUMENTS, logRows: SCALE_LOG_ROWS },
): void {
  if (findScaleFolder(db) !== undefined) return; // already there
  const rng = random(100_000);
  const facts = seedFacts(db);
  const at = REF;
  const folderId = Number(
    db
      .prepare(
        `INSERT INTO folders (parent_id, project_id, folder_type, name, description, sorting, created_by, created_ms, updated_by, updated_ms)
         VALUES (?, 1, ?, ?, 'Load-test folder: 100,000 generated documents', 50, ?, ?, ?, ?)`,
      )
      .run(
        facts.containers[0].documents,
        folderTypes.folder.code,
        SCALE_FOLDER_NAME,
        facts.users.admin,
        at,
        facts.users.admin,
        at,
      ).lastInsertRowid,
  );
  const doc = db.prepare(
    `INSERT INTO documents (folder_id, number, discipline, csi, type, status, issue, issue_ms, estimated_file_size,
       uploaded_file_name, uploaded_file_size, all_files_size, file_type, created_by, created_ms, updated_by, updated_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pdf', 1, ?, 1, ?)`,
  );
  const chunk = 50_000;
  for (let start = 0; start < counts.documents; start += chunk) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + chunk, counts.documents); i++) {
        const number = `SCL-${pad(i + 1, 6)}`;
        const size = rng.int(20_000, 9_000_000);
        const trade = trades[i % trades.length];
        const issued = REF - rng.int(1, 700) * DAY;
        doc.run(
          folderId,
          number,
          1 + (i % disciplines.length),
          trade.csi,
          1 + (i % documentTypes.length),
          1 + (i % 5),
          `Rev ${i % 4}`,
          issued,
          size,
          `${number} ${trade.name}.pdf`,
          size,
          size,
          issued,
          issued + (i % 30) * DAY,
        );
      }
    })();
  }
  seedRequestLog(db, rng, counts.logRows);
}

function seedRequestLog(db: Database, rng: Rng, rows: number): void {
  const insert =
    db.prepare(`INSERT INTO request_log (date_ms, http_method, absolute_uri, path_info, request_body,
    request_dto, user_auth_id, session_id, ip_address, forwarded_for, referer, headers, response_dto, error_response,
    has_error, duration_ms) VALUES (?, 'POST', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const totalWeight = LOG_OPERATIONS.reduce((s, o) => s + o.weight, 0);
  const sessions = Array.from({ length: 240 }, () => `sess-${rng.key(16)}`);
  const ips = Array.from({ length: 40 }, (_, i) => `10.20.${1 + (i % 8)}.${10 + i * 5}`);
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ];
  const headers = agents.map((ua) =>
    JSON.stringify({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': ua,
      Host: 'pm.brightline-builders.com',
    }),
  );
  const errorJson = LOG_ERRORS.map((e) =>
    JSON.stringify({
      errorOccured: true,
      uiErrorMessage: e.message,
      responseStatus: {
        errorCode: e.errorCode,
        message: e.message,
        errors: e.fieldName ? [{ errorCode: e.errorCode, fieldName: e.fieldName, message: e.message }] : [],
      },
    }),
  );
  const end = Date.now();
  const span = 30 * DAY;
  const step = span / rows;
  const chunk = 50_000;
  for (let start = 0; start < rows; start += chunk) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + chunk, rows); i++) {
        let pickW = rng.next() * totalWeight;
        let op = LOG_OPERATIONS[0];
        for (const o of LOG_OPERATIONS)
          if ((pickW -= o.weight) < 0) {
            op = o;
            break;
          }
        const user = rng.chance(0.3) ? 'admin' : 'pm';
        const session = sessions[(user === 'admin' ? 0 : 120) + rng.int(0, 119)];
        const body = op.body(rng);
        const dto = body && JSON.stringify(body);
        const requestBody = body && JSON.stringify({ ...body, authSessionKey: '***' });
        const isError = rng.chance(0.05);
        const error = isError ? errorJson[rng.int(0, errorJson.length - 1)] : null;
        const response =
          !isError && rng.chance(0.2) ? '{"errorOccured":false,"numberOfRecordsEffected":0}' : null;
        const ip = ips[rng.int(0, ips.length - 1)];
        insert.run(
          Math.round(end - span + i * step + rng.next() * step * 0.9),
          `http://localhost:3000${op.path}`,
          op.path,
          requestBody,
          dto,
          user,
          session,
          ip,
          rng.chance(0.1) ? `203.0.113.${rng.int(1, 254)}` : null,
          rng.chance(0.8) ? `http://localhost:3000/projects/${rng.int(1, 3)}` : null,
          headers[rng.int(0, headers.length - 1)],
          response,
          error,
          isError ? 1 : 0,
          Math.round((1 + rng.next() ** 3 * 499) * 100) / 100,
        );
      }
    })();
  }
}
