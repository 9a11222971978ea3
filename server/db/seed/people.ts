// The people of the seed (users, their companies and roles) and the trades on site, with their users' rows.
import { pad, table, type Insert } from './base';
import { apiKey, type Rng } from './random';
import { hashPassword } from '../../passwords';

export type Kind = 'admin' | 'gc' | 'architect' | 'engineer' | 'owner' | 'sub';
interface Person {
  user: string;
  first: string;
  last: string;
  company: string;
  role: string;
  kind: Kind;
  project?: number; // owner's representatives belong to one project
}

export const GC = 'Brightline Builders';
// user | first | last | company | role | kind | only project
export const people: Person[] = table(`
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
export const userId = (user: string) => people.findIndex((p) => p.user === user) + 1;
export const fullName = (id: number) => `${people[id - 1].first} ${people[id - 1].last}`;
export const idsOf = (...kinds: Kind[]) => people.flatMap((p, i) => (kinds.includes(p.kind) ? [i + 1] : []));

// CSI section | name | company | foreman (user)
export const trades = table(`
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

/** The users (demo passwords for admin and pm; everyone else cannot sign in). */
export function seedUsers(insert: Insert, rng: Rng): void {
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
}
