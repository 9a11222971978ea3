// Tables of the construction domain. Everything is a folder (`folders`); typed records hang off their folder
// (`folder_id`, unique) and the folder's `reference_id` is the record's id. DateTime fields are integer ms (UTC);
// text dates of the interface (DueDate, IssueDate, MeetingDate, …) are stored as written: `MM/DD/YYYY`,
// times `h:mm AM`. Applied after coreSchema by server/db/db.ts.
export const domainSchema = `
CREATE TABLE IF NOT EXISTS projects (
  id INTEGER PRIMARY KEY,
  status INTEGER NOT NULL DEFAULT 1,
  owner_id INTEGER REFERENCES users(id),
  name TEXT NOT NULL,
  number TEXT,
  description TEXT,
  address_line1 TEXT, address_line2 TEXT, city TEXT, zip TEXT, state TEXT, county TEXT, country TEXT,
  phone TEXT,
  fax TEXT,
  logo INTEGER,
  logo_url TEXT,
  file_path TEXT,
  root_folder_id INTEGER,          -- set once the root folder exists
  start_ms INTEGER,
  end_ms INTEGER,
  number_owner TEXT,
  number_architect TEXT,
  is_disabled INTEGER NOT NULL DEFAULT 0,
  submit_to TEXT, submit_from TEXT, return_to TEXT, return_from TEXT,
  budget REAL,
  contingency REAL,
  valuation TEXT,
  organization TEXT,
  location TEXT,
  ext_drive_org_id TEXT
);

CREATE TABLE IF NOT EXISTS project_members (
  project_id INTEGER NOT NULL REFERENCES projects(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (project_id, user_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS folders (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES folders(id),
  project_id INTEGER NOT NULL REFERENCES projects(id),
  folder_type INTEGER NOT NULL,    -- codes.folderTypes
  name TEXT NOT NULL,
  description TEXT,
  sorting INTEGER NOT NULL DEFAULT 0,
  reference_id INTEGER,            -- id of the typed record (open issue, daily report, …)
  access_by_list INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER REFERENCES users(id),
  created_ms INTEGER NOT NULL,
  updated_by INTEGER REFERENCES users(id),
  updated_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS folders_parent ON folders(parent_id, sorting, name);
CREATE INDEX IF NOT EXISTS folders_project_type ON folders(project_id, folder_type);

-- No row = the user may modify and delete the folder; admins always may.
CREATE TABLE IF NOT EXISTS folder_permissions (
  folder_id INTEGER NOT NULL REFERENCES folders(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  can_modify INTEGER NOT NULL DEFAULT 1,
  can_delete INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (folder_id, user_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS document_statuses (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  advanced_name TEXT,
  project_id INTEGER REFERENCES projects(id),   -- NULL: every project
  sorting INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS document_disciplines (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS document_types (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL REFERENCES folders(id),
  number TEXT NOT NULL,
  discipline INTEGER REFERENCES document_disciplines(id),
  discipline_text TEXT,            -- a discipline given as text that matches no code (ext drive)
  csi TEXT,
  type INTEGER REFERENCES document_types(id),
  type_text TEXT,
  status INTEGER REFERENCES document_statuses(id),
  status_text TEXT,
  issue TEXT,
  issue_ms INTEGER,
  estimated_file_size INTEGER,
  uploaded_file_name TEXT,
  uploaded_file_size INTEGER,
  all_files_size INTEGER,
  file_type TEXT,
  file_path TEXT,
  notes TEXT,
  ext_drive_id TEXT,
  ext_drive_parent_id TEXT,
  ext_drive_org_id INTEGER,
  download_url TEXT,
  viewer_url TEXT,
  folder_icon INTEGER,
  is_folder INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER REFERENCES users(id),
  created_ms INTEGER NOT NULL,
  updated_by INTEGER REFERENCES users(id),
  updated_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_folder ON documents(folder_id, number, id);

CREATE TABLE IF NOT EXISTS open_issues (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  project_id INTEGER NOT NULL REFERENCES projects(id),
  number TEXT NOT NULL,
  subject TEXT NOT NULL,           -- kept equal to the folder's name
  question TEXT,
  location_site TEXT, location_building TEXT, location_floor TEXT, location_room TEXT,
  created_date TEXT, due_date TEXT, closed_date TEXT,
  status_id INTEGER,
  issue_from INTEGER REFERENCES users(id),
  issue_to INTEGER REFERENCES users(id),
  cost_impact INTEGER NOT NULL DEFAULT 0,
  change_order_id INTEGER,
  change_order_number TEXT,
  change_order_amount REAL,
  change_order_status TEXT,
  org_link_item_id INTEGER,
  reference TEXT, drawing TEXT, drawing_detail TEXT,
  document_file_id TEXT,
  discussion_replies TEXT
);
CREATE INDEX IF NOT EXISTS open_issues_project ON open_issues(project_id, number);

CREATE TABLE IF NOT EXISTS open_issue_cc (
  open_issue_id INTEGER NOT NULL REFERENCES open_issues(id),
  position INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (open_issue_id, position)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS open_issue_documents (
  open_issue_id INTEGER NOT NULL REFERENCES open_issues(id),
  document_id INTEGER NOT NULL REFERENCES documents(id),
  PRIMARY KEY (open_issue_id, document_id)
) WITHOUT ROWID;

-- Punch-list items are rows in their punch-list container folder, numbered per project.
CREATE TABLE IF NOT EXISTS punch_list (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL REFERENCES folders(id),
  project_id INTEGER NOT NULL REFERENCES projects(id),
  number INTEGER NOT NULL,
  temp_item_id TEXT,
  summary TEXT NOT NULL,
  description TEXT,
  location_site TEXT, location_building TEXT, location_floor TEXT, location_room TEXT,
  due_date TEXT,
  status INTEGER,
  completed_date TEXT,
  cost_impact INTEGER NOT NULL DEFAULT 0,
  cost TEXT,
  owner_status INTEGER,
  document_id INTEGER REFERENCES documents(id),
  notifying_party TEXT,
  issue_date TEXT,
  subcontractor_status INTEGER,
  architect_status INTEGER,
  cost_event_id INTEGER, cost_event_number TEXT, cost_event_amount TEXT, cost_event_status TEXT,
  responsible_parties TEXT,        -- JSON array of strings
  cc_users TEXT,                   -- JSON array of strings
  reference TEXT, drawing TEXT, drawing_detail TEXT,
  discussion_replies TEXT,
  created_by INTEGER REFERENCES users(id),
  created_ms INTEGER NOT NULL,
  UNIQUE (project_id, number)
);
CREATE UNIQUE INDEX IF NOT EXISTS punch_list_temp ON punch_list(folder_id, temp_item_id)
  WHERE temp_item_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS submittal_packages (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  number TEXT NOT NULL,
  description TEXT NOT NULL,       -- kept equal to the folder's name
  status TEXT,
  reference TEXT,
  revision TEXT,
  subcontractor_id INTEGER REFERENCES users(id),
  submitting_contact_id INTEGER REFERENCES users(id),
  reviewing_contact_id INTEGER REFERENCES users(id),
  project_manager_id INTEGER REFERENCES users(id),
  is_pending INTEGER NOT NULL DEFAULT 0,
  due_date_from_sub TEXT,
  source_number TEXT,
  target_number TEXT,
  original_folder_id INTEGER,
  forwarded_folder_id INTEGER,
  notes TEXT
);

CREATE TABLE IF NOT EXISTS submittal_items (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  package_id INTEGER NOT NULL REFERENCES submittal_packages(id),
  item_number TEXT NOT NULL,
  spec_section TEXT,
  is_closed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS submittal_items_package ON submittal_items(package_id);

CREATE TABLE IF NOT EXISTS attachment_files (
  id INTEGER PRIMARY KEY,
  item_folder_id INTEGER NOT NULL REFERENCES folders(id),
  uploaded_file_id INTEGER,
  path TEXT,
  name TEXT NOT NULL,
  type TEXT,
  size INTEGER,
  description TEXT,
  uploaded_ms INTEGER,
  uploaded_by INTEGER REFERENCES users(id),
  modified_ms INTEGER,
  modified_by INTEGER REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS attachment_files_item ON attachment_files(item_folder_id);

CREATE TABLE IF NOT EXISTS daily_reports (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  report_period TEXT,
  temperature TEXT, precipitation TEXT, sky TEXT, wind TEXT,
  me_deliveries TEXT, issues TEXT, visitors TEXT,
  dated_ms INTEGER,
  author INTEGER REFERENCES users(id),
  humidity TEXT, pressure TEXT, visibility TEXT, cloudcover TEXT, observation_time TEXT,
  units TEXT, unit_description TEXT,
  cc_user_list TEXT
);

CREATE TABLE IF NOT EXISTS daily_report_activities (
  id INTEGER PRIMARY KEY,
  daily_report_id INTEGER NOT NULL REFERENCES daily_reports(id),
  contact INTEGER REFERENCES users(id),
  location TEXT,
  people_foreman INTEGER, hours_foreman REAL,
  people_tradesman INTEGER, hours_tradesman REAL,
  people_laborers INTEGER, hours_laborers REAL,
  people_apprentice INTEGER, hours_apprentice REAL,
  subc1_name TEXT, subc1_people INTEGER, subc1_hours REAL,
  subc2_name TEXT, subc2_people INTEGER, subc2_hours REAL,
  subc3_name TEXT, subc3_people INTEGER, subc3_hours REAL,
  subc4_name TEXT, subc4_people INTEGER, subc4_hours REAL,
  is_union INTEGER NOT NULL DEFAULT 0,
  is_2tier INTEGER NOT NULL DEFAULT 0,
  primary_subc TEXT,
  csi INTEGER,                     -- '03 30 00' as 33000
  csi_name TEXT,
  description TEXT
);
CREATE INDEX IF NOT EXISTS daily_report_activities_report ON daily_report_activities(daily_report_id);

CREATE TABLE IF NOT EXISTS meetings (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  subject TEXT NOT NULL,           -- kept equal to the folder's name
  meeting_number TEXT,
  meeting_date TEXT,
  start_time TEXT,
  end_time TEXT,
  location TEXT,
  meeting_type TEXT,
  is_confidential INTEGER NOT NULL DEFAULT 0,
  notes_before TEXT,
  notes_after TEXT,
  attendees TEXT                   -- JSON array of strings
);

CREATE TABLE IF NOT EXISTS meeting_minutes (
  id INTEGER PRIMARY KEY,
  folder_id INTEGER NOT NULL UNIQUE REFERENCES folders(id),
  meeting_id INTEGER NOT NULL REFERENCES meetings(id),
  summary TEXT NOT NULL,           -- kept equal to the folder's name
  item_number TEXT,
  minute_type TEXT,
  minute_category TEXT,
  date_originated TEXT,
  date_due TEXT,
  date_resolved TEXT,
  is_complete INTEGER NOT NULL DEFAULT 0,
  is_hidden INTEGER NOT NULL DEFAULT 0,
  details TEXT,
  linked_issue_folder_id INTEGER REFERENCES folders(id),
  responsible_parties TEXT         -- JSON array of strings
);
CREATE INDEX IF NOT EXISTS meeting_minutes_meeting ON meeting_minutes(meeting_id);
`;
