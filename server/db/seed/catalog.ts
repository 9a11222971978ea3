// The reference data of the seed: the three projects, document statuses, disciplines and types, drawing sheets,
// and the word lists RFIs, punch items, submittals, daily reports and meetings are made from.
import { dayMs } from '../text-dates';
import { list, pad, table, type Row } from './base';
import { GC, userId } from './people';

export interface ProjectSeed {
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
export const projects: ProjectSeed[] = [
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

export const documentStatuses = [
  { id: 1, name: 'Issued for Construction', advanced: 'IFC - Issued for Construction' },
  { id: 2, name: 'For Review', advanced: 'FR - For Review' },
  { id: 3, name: 'Approved', advanced: 'APP - Approved' },
  { id: 4, name: 'Superseded', advanced: 'SUP - Superseded' },
  { id: 5, name: 'Void', advanced: 'VOID - Void' },
  { id: 6, name: 'Bid Set', advanced: 'BID - Bid Set (Lincoln Elementary only)', project: 2 },
];
export const disciplines = list(
  'General | Architectural | Structural | Mechanical | Electrical | Plumbing | Civil | Landscape | Fire Protection | Interiors',
);
export const documentTypes = list(
  'Drawing | Specification | Report | Contract | Correspondence | Transmittal | Permit | Photo | Schedule | Submittal',
);
export const disc = (name: string) => disciplines.indexOf(name) + 1;
export const dtype = (name: string) => documentTypes.indexOf(name) + 1;

// sheet | title | discipline
export const sheets = table(`
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
export const documentKinds = table(`
  LTR | Correspondence | General    | Notice of Delay - Rebar Delivery | Request for Schedule Update | Response to Owner Comments | Notice of Differing Site Condition | Acceleration Request | Weather Delay Notice | Utility Shutdown Coordination | Letter of Intent - Curtain Wall | Backcharge Notice | Substantial Completion Planning
  TR  | Transmittal    | General    | Transmittal - Revised Shop Drawings | Transmittal - Product Samples | Transmittal - O&M Manuals | Transmittal - Test Reports | Transmittal - Permit Set | Transmittal - Survey Data
  RPT | Report         | Structural | Geotechnical Investigation Report | Special Inspection Report - Concrete | Concrete Cylinder Break Results | Welding Inspection Report | Soil Compaction Test Report | Fireproofing Thickness Report | Roof Moisture Survey | Third-Party Envelope Inspection
  PH  | Photo          | General    | Progress Photos - Week | Site Photos - Underslab Plumbing | Photos - Deck Pour | Photos - Envelope Mockup | Drone Survey
  SCH | Schedule       | General    | Baseline Schedule | Three-Week Lookahead | Schedule Update | Recovery Schedule | MEP Coordination Schedule
  PMT | Permit         | General    | Building Permit | Grading Permit | Encroachment Permit | Fire Sprinkler Permit | Electrical Permit | Temporary Certificate of Occupancy
  MEP | Report         | Mechanical | Duct Leakage Test Report | Hydrostatic Test Report | Test and Balance Report | Megger Test Results | Commissioning Checklist
`).map(([prefix, type, discipline, ...titles]) => ({ prefix, type, discipline, titles }));

export const rfiSubjects = table(`
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

export const punchSummaries = list(
  `Touch up paint at door frame | Replace cracked ceiling tile | Install missing outlet cover plate |
   Adjust door closer - door slams | Clean grout haze from floor tile | Caulk gap at window sill |
   Repair drywall nail pops | Install missing base trim | Replace scratched stainless panel |
   Secure loose handrail bracket | Label electrical panel circuits | Remove overspray from glazing |
   Install door stop | Patch and paint wall penetration | Re-hang sagging ceiling grid |
   Seal floor penetration (firestop) | Replace damaged carpet tile | Adjust cabinet door alignment |
   Clean debris from roof drains | Install missing ceiling diffuser`,
);

export const rooms = list(
  '101 Lobby | 104 Reception | 110 Exam Room | 118 Restroom | 120 Corridor | 201 Open Office | 210 Conference | 212 Break Room | 224 Storage | 301 Imaging | 310 Electrical Room',
);

// spec section | package title
export const submittalSpecs = table(`
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
export const submittalItemKinds = list(
  'Product Data | Shop Drawings | Samples | Calculations | Warranty | Installation Instructions | Test Reports',
);
export const submittalStatusCycle = list(
  'Approved | Approved as Noted | In Review | Submitted | Revise and Resubmit | Open | Approved | In Review | Closed | Draft',
);

// category | topics…
export const minuteTopics = table(`
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
export const containerKinds = list(
  'documents | drawings | rfis | punchList | submittals | dailyReports | meetings',
) as ContainerKind[];

export const weatherSkies = list(
  'Clear | Sunny | Partly Cloudy | Mostly Cloudy | Overcast | Light Rain | Fog',
);
export const windDirs = list('N | NE | E | SE | S | SW | W | NW');

export function projectRow(p: ProjectSeed, id: number): Row {
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
