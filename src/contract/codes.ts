// The reference service's numeric codes. The interface leaves their meaning open ("not shown"); the service
// stores and writes these, and the console uses them as the defaults of its config.json (a real deployment may
// use others). Screens always prefer a `...Name` field that comes with a code.

export const folderTypes = {
  project: { code: 1, name: 'Project' },
  documents: { code: 2, name: 'Documents' },
  drawings: { code: 3, name: 'Drawings' },
  rfis: { code: 4, name: 'RFIs' },
  rfi: { code: 5, name: 'RFI' },
  punchList: { code: 6, name: 'Punch List' },
  submittals: { code: 7, name: 'Submittals' },
  submittalPackage: { code: 8, name: 'Submittal Package' },
  submittalItem: { code: 9, name: 'Submittal Item' },
  dailyReports: { code: 10, name: 'Daily Reports' },
  dailyReport: { code: 11, name: 'Daily Report' },
  meetings: { code: 12, name: 'Meetings' },
  meeting: { code: 13, name: 'Meeting' },
  meetingMinute: { code: 14, name: 'Meeting Minute' },
  folder: { code: 15, name: 'Folder' },
} as const;

export type FolderKind = keyof typeof folderTypes;

export interface CodeName {
  code: number;
  name: string;
}

export const rfiStatuses: CodeName[] = [
  { code: 1, name: 'Draft' },
  { code: 2, name: 'Open' },
  { code: 3, name: 'Answered' },
  { code: 4, name: 'Closed' },
];

export const punchListStatuses: CodeName[] = [
  { code: 1, name: 'Open' },
  { code: 2, name: 'Ready for Review' },
  { code: 3, name: 'Completed' },
  { code: 4, name: 'Closed' },
];

export const ownerStatuses: CodeName[] = [
  { code: 1, name: 'Pending' },
  { code: 2, name: 'Accepted' },
  { code: 3, name: 'Rejected' },
];

export const subcontractorStatuses: CodeName[] = [
  { code: 1, name: 'Not Started' },
  { code: 2, name: 'In Progress' },
  { code: 3, name: 'Complete' },
];

export const architectStatuses: CodeName[] = [
  { code: 1, name: 'Pending Review' },
  { code: 2, name: 'Approved' },
  { code: 3, name: 'Rejected' },
];

export const projectStatuses: CodeName[] = [
  { code: 1, name: 'Active' },
  { code: 2, name: 'On Hold' },
  { code: 3, name: 'Completed' },
];

/** Text dates (`DueDate`, `IssueDate`, …) as the reference service writes them. */
export const TEXT_DATE_FORMAT = 'MM/DD/YYYY';
