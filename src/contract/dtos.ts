// Every resource of the interface (docs/interface.md, "Resources and their fields"), with the JSON
// property names of rule 6. All fields are optional on the wire.
import {
  anyJson,
  bool,
  dateTime,
  decimal,
  dict,
  int,
  intN,
  list,
  long,
  object,
  string,
  timeSpan,
  type Infer,
} from './schema';

export const ItemNameValue = object('ItemNameValue', {
  propertyName: string,
  propertyValue: string,
});

export const baseRequestFields = {
  authSessionKey: string,
  additionalInfo: list(ItemNameValue),
} as const;

export const ResponseError = object('ResponseError', {
  errorCode: string,
  fieldName: string,
  message: string,
  meta: dict(string),
});

export const ResponseStatus = object('ResponseStatus', {
  errorCode: string,
  message: string,
  stackTrace: string,
  errors: list(ResponseError),
  meta: dict(string),
});

/** Values of ErrorMessageType are not shown beyond DEBUG; the reference service writes DEBUG and ERROR. */
export const baseResponseFields = {
  uiErrorMessage: string,
  uiDevErrorMessage: string,
  errorOccured: bool,
  logMessageType: string,
  responseStatus: ResponseStatus,
  numberOfRecordsEffected: int,
} as const;

export const folderBaseFields = {
  userCanModify: bool,
  userCanDelete: bool,
} as const;

export const Folder = object('Folder', {
  folderId: int,
  folderName: string,
  folderDescription: string,
  folderParentId: intN,
  folderType: int,
  folderTypeName: string,
  folderReferenceId: int,
  folderProjectId: int,
  folderSorting: int,
  accessByList: int,
  createdByFullName: string,
  createdBy: int,
  createdDate: dateTime,
  updatedByFullName: string,
  updatedBy: int,
  updatedDate: dateTime,
  updator: int,
  ...folderBaseFields,
});

const documentFields = {
  id: int,
  folderId: int,
  folderName: string,
  folderDescription: string,
  folderParentId: int,
  createdDate: dateTime,
  updatedDate: dateTime,
  createdBy: int,
  updatedBy: int,
  folderType: int,
  folderReferenceId: int,
  folderProject: int,
  accessByList: int,
  folderSorting: int,
  estimatedFileSize: long,
} as const;

export const Document = object('Document', documentFields);

export const DocumentExtDrive = object('DocumentExtDrive', {
  documentType: string,
  status: string,
  issue: string,
  issueDate: string,
  fileName: string,
  fileType: string,
  fileSize: string,
  filePath: string,
  folderProjectOrgId: int,
  extDriveId: string,
  extDriveParentId: string,
  downloadUrl: string,
  viewerUrl: string,
  folderIcon: int,
  isFolder: bool,
  discipline: string,
  notes: string,
  ...documentFields,
});

export const FolderDocument = object('FolderDocument', {
  folderId: int,
  documentId: int,
  documentNumber: string,
  documentDiscipline: int,
  documentDisciplineName: string,
  documentCSI: string,
  documentType: int,
  documentTypeName: string,
  documentStatus: int,
  documentStatusName: string,
  documentIssue: string,
  documentIssueDate: dateTime,
  estimatedFileSize: int,
  uploadedFileName: string,
  uploadedFileSize: int,
  allFilesSize: int,
  documentUpdateDate: dateTime,
});

export const OpenIssue = object('OpenIssue', {
  tempItemId: string,
  folderId: int,
  folderParentId: int,
  projectId: int,
  openIssueId: int,
  number: string,
  subject: string,
  question: string,
  locationSite: string,
  locationBuilding: string,
  locationFloor: string,
  locationRoom: string,
  createdDate: string,
  dueDate: string,
  closedDate: string,
  statusId: intN,
  statusName: string,
  issueFrom: int,
  fromName: string,
  issueTo: int,
  toName: string,
  ccUserList: list(int),
  costImpact: bool,
  changeOrderId: int,
  changeOrderNumber: string,
  changeOrderAmount: decimal,
  changeOrderStatus: string,
  orgLinkItemId: int,
  reference: string,
  drawing: string,
  drawingDetail: string,
  documentFileId: string,
  discussionReplies: string,
  ccUserName: string,
  ...folderBaseFields,
});

export const ProjectMember = object('ProjectMember', {
  userId: int,
  fullName: string,
  firstName: string,
  lastName: string,
  company: string,
  email: string,
  phone: string,
  cellPhone: string,
  role: string,
});

export const PunchList = object('PunchList', {
  tempItemId: string,
  folderId: int,
  folderParentId: int,
  projectId: int,
  summary: string,
  description: string,
  punchListId: int,
  punchListNumber: string,
  locationSite: string,
  locationBuilding: string,
  locationFloor: string,
  locationRoom: string,
  dueDate: string,
  status: intN,
  statusName: string,
  completedDate: string,
  costImpact: bool,
  cost: string,
  ownerStatus: intN,
  ownerStatusName: string,
  documentId: intN,
  documentNumber: string,
  notifyingParty: string,
  issueDate: string,
  subcontractorListStatus: intN,
  subcontractorStatusName: string,
  architectListStatus: intN,
  architectStatusName: string,
  costEventId: intN,
  costEventNumber: string,
  costEventAmount: string,
  costEventStatus: string,
  responsiblePartyList: list(string),
  ccUserList: list(string),
  reference: string,
  drawing: string,
  drawingDetail: string,
  respPartyFullName: string,
  ccUserName: string,
  costImpactString: string,
  discussionReplies: string,
  ...folderBaseFields,
});

export const SubmittalPackage = object('SubmittalPackage', {
  folderId: int,
  folderParentId: int,
  submittalPackageId: int,
  number: string,
  description: string,
  status: string,
  reference: string,
  revision: string,
  subcontractorId: int,
  subcontractor: string,
  submittingCompanyContactId: int,
  submittingCompanyContact: string,
  reviewingCompanyContactId: int,
  reviewingCompany: string,
  reviewingCompanyContact: string,
  projectManagerId: int,
  projectManager: string,
  isPending: bool,
  dueDateFromSub: string,
  sourceNumber: string,
  targetNumber: string,
  originalFolderId: int,
  forwardedFolderId: int,
  notes: string,
  countTotalItems: int,
  countOpenItems: int,
  countClosedItems: int,
  ballInCourtContact: string,
  ...folderBaseFields,
});

/** Submittal item attachment (the interface's `File`). */
export const AttachmentFile = object('File', {
  attachmentFileId: int,
  uploadedFileId: int,
  uploadedFilePath: string,
  uploadedFileName: string,
  uploadedFileType: string,
  uploadedFileSize: int,
  attachmentFileDescription: string,
  uploadedDate: dateTime,
  uploadedBy: string,
  modifiedDate: dateTime,
  modifiedBy: string,
});

export const DailyReport = object('DailyReport', {
  tempItemId: string,
  folderId: int,
  folderParentId: int,
  folderProject: int,
  folderName: string,
  folderDescription: string,
  dailyReportId: int,
  reportPeriod: string,
  temperature: string,
  precipitation: string,
  sky: string,
  wind: string,
  meDeliveries: string,
  issues: string,
  visitors: string,
  dated: dateTime,
  author: int,
  humidity: string,
  pressure: string,
  visibility: string,
  cloudcover: string,
  observationTime: string,
  units: string,
  unitDescription: string,
  ccUserList: string,
  ...folderBaseFields,
});

export const DailyReportActivity = object('DailyReportActivity', {
  tempItemId: string,
  dailyReportActivityId: int,
  contact: int,
  location: string,
  peopleForeman: int,
  hoursForeman: decimal,
  peopleTradesman: int,
  hoursTradesman: decimal,
  peopleLaborers: int,
  hoursLaborers: decimal,
  peopleApprentice: int,
  hoursApprentice: decimal,
  subc1Name: string,
  subc1People: int,
  subc1Hours: decimal,
  subc2Name: string,
  subc2People: int,
  subc2Hours: decimal,
  subc3Name: string,
  subc3People: int,
  subc3Hours: decimal,
  subc4Name: string,
  subc4People: int,
  subc4Hours: decimal,
  isUnion: bool,
  is2Tier: bool,
  primarySubc: string,
  csi: int,
  csiName: string,
  contactString: string,
  dailyReportId: int,
  description: string,
});

export const Address = object('Address', {
  line1: string,
  line2: string,
  city: string,
  zip: string,
  state: string,
  county: string,
  country: string,
});

export const Project = object('Project', {
  projectId: int,
  projectStatus: int,
  projectOwnerId: int,
  projectName: string,
  projectNumber: string,
  description: string,
  address: Address,
  phone: string,
  fax: string,
  logo: int,
  logoUrl: string,
  filePath: string,
  rootFolderId: int,
  startDate: dateTime,
  endDate: dateTime,
  numberOwner: string,
  numberArchitect: string,
  isProjectDisabled: bool,
  submitTo: string,
  submitFrom: string,
  returnTo: string,
  returnFrom: string,
  budget: decimal,
  contingency: decimal,
  projectValuation: string,
  organization: string,
  location: string,
  extDriveOrgID: string,
});

export const Meeting = object('Meeting', {
  folderId: int,
  folderParentId: int,
  meetingId: int,
  subject: string,
  meetingNumber: string,
  meetingDate: string,
  startTime: string,
  endTime: string,
  meetingLocation: string,
  meetingType: string,
  isConfidential: bool,
  notesBeforeMinutes: string,
  notesAfterMinutes: string,
  attendeeList: list(string),
  ...folderBaseFields,
});

export const MeetingMinute = object('MeetingMinute', {
  folderId: int,
  folderParentId: int,
  meetingMinuteId: int,
  summary: string,
  itemNumber: string,
  minuteType: string,
  minuteCategory: string,
  dateOriginated: string,
  dateDue: string,
  dateResolved: string,
  isComplete: bool,
  isHidden: bool,
  details: string,
  linkedIssueFolderID: int,
  responsiblePartiesList: list(string),
  ...folderBaseFields,
});

export const ItemListGeneric = object('ItemListGeneric', {
  id: int,
  name: string,
  advancedName: string,
});

export const RequestLogEntry = object('RequestLogEntry', {
  id: long,
  dateTime: dateTime,
  httpMethod: string,
  absoluteUri: string,
  pathInfo: string,
  requestBody: string,
  requestDto: anyJson,
  userAuthId: string,
  sessionId: string,
  ipAddress: string,
  forwardedFor: string,
  referer: string,
  headers: dict(string),
  formData: dict(string),
  items: dict(string),
  session: anyJson,
  responseDto: anyJson,
  errorResponse: anyJson,
  requestDuration: timeSpan,
});

export type ItemNameValue = Infer<typeof ItemNameValue>;
export type ResponseError = Infer<typeof ResponseError>;
export type ResponseStatus = Infer<typeof ResponseStatus>;
export type Folder = Infer<typeof Folder>;
export type Document = Infer<typeof Document>;
export type DocumentExtDrive = Infer<typeof DocumentExtDrive>;
export type FolderDocument = Infer<typeof FolderDocument>;
export type OpenIssue = Infer<typeof OpenIssue>;
export type ProjectMember = Infer<typeof ProjectMember>;
export type PunchList = Infer<typeof PunchList>;
export type SubmittalPackage = Infer<typeof SubmittalPackage>;
export type AttachmentFile = Infer<typeof AttachmentFile>;
export type DailyReport = Infer<typeof DailyReport>;
export type DailyReportActivity = Infer<typeof DailyReportActivity>;
export type Address = Infer<typeof Address>;
export type Project = Infer<typeof Project>;
export type Meeting = Infer<typeof Meeting>;
export type MeetingMinute = Infer<typeof MeetingMinute>;
export type ItemListGeneric = Infer<typeof ItemListGeneric>;
export type RequestLogEntry = Infer<typeof RequestLogEntry>;
