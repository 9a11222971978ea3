// The 20 operations of the interface ("Endpoints"), one row each.
import {
  AttachmentFile,
  baseRequestFields,
  baseResponseFields,
  DailyReport,
  DailyReportActivity,
  Document,
  DocumentExtDrive,
  Folder,
  FolderDocument,
  ItemListGeneric,
  Meeting,
  MeetingMinute,
  OpenIssue,
  Project,
  ProjectMember,
  PunchList,
  RequestLogEntry,
  ResponseStatus,
  SubmittalPackage,
} from './dtos';
import {
  boolN,
  dict,
  int,
  intN,
  list,
  long,
  object,
  string,
  timeSpanN,
  type Fields,
  type Infer,
  type ObjectSchema,
} from './schema';

/** `none`: no key (sign-in); `session`: AuthSessionKey in the body; `admin`: `Authorization: Bearer <APIKey>` of an admin. */
export type AuthKind = 'none' | 'session' | 'admin';

export interface OperationDef<
  Req extends ObjectSchema = ObjectSchema,
  Res extends ObjectSchema = ObjectSchema,
> {
  /** Request type name, used by the JSON reply route `/json/reply/<name>`. */
  readonly name: string;
  /** `POST` for every operation but the request log, which answers every verb. */
  readonly method: 'POST' | 'ANY';
  readonly path: string;
  readonly auth: AuthKind;
  /** `read` operations change nothing and may be retried; `write` operations change data. */
  readonly effect: 'read' | 'write';
  readonly summary: string;
  /**
   * The reply carries the base-response fields (`errorOccured`, `logMessageType`, `numberOfRecordsEffected`, and
   * `uiErrorMessage` / `uiDevErrorMessage` on errors). Not the request log's: its replies and errors carry
   * `responseStatus` only.
   */
  readonly enveloped: boolean;
  /** The request is written to the request log. Not queries of the request log itself. */
  readonly logged: boolean;
  /**
   * The request log stores the request's body, DTO and form data (masked). Not sign-in's: its body and DTO are never
   * stored, and its stored response has the session and API keys masked.
   */
  readonly logBody: boolean;
  readonly request: Req;
  readonly response: Res;
}

const req = <F extends Fields>(name: string, fields: F) => object(name, { ...fields, ...baseRequestFields });
const res = <F extends Fields>(name: string, fields: F) => object(name, { ...fields, ...baseResponseFields });

type Defaulted = 'method' | 'enveloped' | 'logged' | 'logBody';

/** A row: `POST`, enveloped, logged with its body, unless the row says otherwise. */
function op<Req extends ObjectSchema, Res extends ObjectSchema>(
  def: Omit<OperationDef<Req, Res>, 'name' | Defaulted> & Partial<Pick<OperationDef<Req, Res>, Defaulted>>,
): OperationDef<Req, Res> {
  return { method: 'POST', enveloped: true, logged: true, logBody: true, ...def, name: def.request.name };
}

export const operations = {
  InternalUserAuthenticationRequest: op({
    path: '/api/internal/authenticateuser',
    auth: 'none',
    effect: 'read',
    summary: 'Sign in: returns a session key and the API key',
    logBody: false,
    request: object('InternalUserAuthenticationRequest', { userName: string, password: string }),
    response: res('InternalUserAuthenticationResponse', { authSessionKey: string, apiKey: string }),
  }),
  OpenIssueReadRequest: op({
    path: '/api/internal/openissue/read',
    auth: 'session',
    effect: 'read',
    summary: 'Read an open issue (RFI) and its referenced documents',
    request: req('OpenIssueReadRequest', { folderId: int }),
    response: res('OpenIssueReadResponse', {
      openIssue: OpenIssue,
      referencedDocuments: list(FolderDocument),
    }),
  }),
  OpenIssueUpdateRequest: op({
    path: '/api/internal/openissue/update',
    auth: 'session',
    effect: 'write',
    summary: 'Update an open issue (RFI): the fields sent, nothing else',
    request: req('OpenIssueUpdateRequest', { openIssue: OpenIssue }),
    response: res('OpenIssueUpdateResponse', {}),
  }),
  OpenIssueReadRecipientsRequest: op({
    path: '/api/internal/openissue/readrecipients',
    auth: 'session',
    effect: 'read',
    summary: 'Read the project members an open issue can be sent to',
    request: req('OpenIssueReadRecipientsRequest', { folderId: int }),
    response: res('OpenIssueReadRecipientsResponse', { recipients: list(ProjectMember) }),
  }),
  PunchListCreateManyRequest: op({
    path: '/api/internal/punchlist/createmany',
    auth: 'session',
    effect: 'write',
    summary: 'Create punch-list items in bulk',
    request: req('PunchListCreateManyRequest', { punchlistList: list(PunchList) }),
    response: res('PunchListCreateManyResponse', { returnedIdList: list(dict(string)) }),
  }),
  SubmittalUpdateRequest: op({
    path: '/api/internal/submittal/Update',
    auth: 'session',
    effect: 'write',
    summary: 'Update a submittal package and return its stored state',
    request: req('SubmittalUpdateRequest', { submittal: SubmittalPackage }),
    response: res('SubmittalUpdateResponse', { submittal: SubmittalPackage }),
  }),
  SubmittalItemReadAttachmentsRequest: op({
    path: '/api/internal/submittalitem/readattachments',
    auth: 'session',
    effect: 'read',
    summary: 'Read the attachment files of a submittal item',
    request: req('SubmittalItemReadAttachmentsRequest', { folderId: int }),
    response: res('SubmittalItemReadAttachmentsResponse', { attachmentList: list(AttachmentFile) }),
  }),
  DailyReportGetRequest: op({
    path: '/api/internal/dailyreport/get',
    auth: 'session',
    effect: 'read',
    summary: 'Read a daily report and its folder',
    request: req('DailyReportGetRequest', { dailyReportId: int }),
    response: res('DailyReportGetResponse', { dailyReport: DailyReport, folder: Folder }),
  }),
  DailyReportActivityReadByReportRequest: op({
    path: '/api/internal/dailyreportactivity/getdailyreportactivitiesbyreport',
    auth: 'session',
    effect: 'read',
    summary: 'Read the activities of a daily report',
    request: req('DailyReportActivityReadByReportRequest', { dailyReportId: int }),
    response: res('DailyReportActivityReadByReportResponse', {
      dailyReportActivities: list(DailyReportActivity),
    }),
  }),
  ProjectGetRequest: op({
    path: '/api/internal/project/get',
    auth: 'session',
    effect: 'read',
    summary: 'Read a project',
    request: req('ProjectGetRequest', { projectId: int }),
    response: res('ProjectGetResponse', { project: Project }),
  }),
  FolderGetRequest: op({
    path: '/api/internal/folder/get',
    auth: 'session',
    effect: 'read',
    summary: 'Read a folder',
    request: req('FolderGetRequest', { folderId: int }),
    response: res('FolderGetResponse', { folder: Folder }),
  }),
  FolderUpdateRequest: op({
    path: '/api/internal/folder/update',
    auth: 'session',
    effect: 'write',
    summary: 'Update a folder: the fields sent, nothing else',
    request: req('FolderUpdateRequest', { folder: Folder }),
    response: res('FolderUpdateResponse', {}),
  }),
  FolderReadIssueRequest: op({
    path: '/api/internal/folder/readissuefolder',
    auth: 'session',
    effect: 'read',
    summary: 'Read the child folders of a folder',
    request: req('FolderReadIssueRequest', { folderParentId: int }),
    response: res('FolderReadIssueResponse', { folderList: list(Folder) }),
  }),
  DocumentsReadInFolderRequest: op({
    path: '/api/internal/document/documentsreadInfolder',
    auth: 'session',
    effect: 'read',
    summary: 'Read the documents in a folder',
    request: req('DocumentsReadInFolderRequest', { parentFolderId: int }),
    response: res('DocumentsReadInFolderResponse', { folderDocuments: list(FolderDocument) }),
  }),
  FoldersDocumentsGetByParentFolderRequest: op({
    path: '/api/internal/document/foldersdocumentsgetbyparentfolder',
    auth: 'session',
    effect: 'read',
    summary: 'Read the child folders of a folder as document records, optionally of one folder type',
    request: req('FoldersDocumentsGetByParentFolderRequest', {
      folderParentId: int,
      folderType: string,
    }),
    response: res('FoldersDocumentsGetByParentFolderResponse', { documents: list(Document) }),
  }),
  ExtDriveDocumentCreateRequest: op({
    path: '/api/internal/document/extdrive/add',
    auth: 'session',
    effect: 'write',
    summary: 'Add a document record that refers to an external drive',
    request: req('ExtDriveDocumentCreateRequest', { document: DocumentExtDrive }),
    response: res('ExtDriveDocumentCreateResponse', {
      fileId: int,
      folderId: int,
      filePath: string,
    }),
  }),
  ListDocumentStatusReadRequest: op({
    path: '/api/internal/document/documentstatusread',
    auth: 'session',
    effect: 'read',
    summary: 'Read the list of document statuses',
    request: req('ListDocumentStatusReadRequest', {
      organizationId: int,
      projectId: int,
      groupId: int,
    }),
    response: res('ListDocumentStatusReadResponse', { items: list(ItemListGeneric) }),
  }),
  MeetingReadRequest: op({
    path: '/api/internal/meeting/read',
    auth: 'session',
    effect: 'read',
    summary: 'Read a meeting',
    request: req('MeetingReadRequest', { folderId: int }),
    response: res('MeetingReadResponse', { meeting: Meeting }),
  }),
  MeetingMinutesReadByMeetingRequest: op({
    path: '/api/internal/meetingminute/readbymeeting',
    auth: 'session',
    effect: 'read',
    summary: 'Read the minutes of a meeting',
    request: req('MeetingMinutesReadByMeetingRequest', { folderId: int }),
    response: res('MeetingMinutesReadByMeetingResponse', { meetingMinuteList: list(MeetingMinute) }),
  }),
  RequestLogs: op({
    path: '/requestlogs',
    method: 'ANY',
    auth: 'admin',
    effect: 'read',
    summary: 'Query the request log (admins)',
    enveloped: false,
    logged: false,
    request: object('RequestLogs', {
      beforeSecs: intN,
      afterSecs: intN,
      ipAddress: string,
      forwardedFor: string,
      userAuthId: string,
      sessionId: string,
      referer: string,
      pathInfo: string,
      ids: list(long),
      beforeId: intN,
      afterId: intN,
      hasResponse: boolN,
      withErrors: boolN,
      skip: int,
      take: intN,
      enableSessionTracking: boolN,
      enableResponseTracking: boolN,
      enableErrorTracking: boolN,
      durationLongerThan: timeSpanN,
      durationLessThan: timeSpanN,
    }),
    response: object('RequestLogsResponse', {
      results: list(RequestLogEntry),
      usage: dict(string),
      responseStatus: ResponseStatus,
    }),
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type RequestOf<N extends OperationName> = Infer<Operations[N]['request']>;
export type ResponseOf<N extends OperationName> = Infer<Operations[N]['response']>;

export const operationNames = Object.keys(operations) as OperationName[];

export const JSON_REPLY_PREFIX = '/json/reply/';

/**
 * The two route styles the service answers (both, always) and a console may use: `internal` (`/api/internal/…`,
 * each operation's `path`) and `reply` (`/json/reply/<Request>`).
 */
export const ROUTE_STYLES = ['internal', 'reply'] as const;
export type RouteStyle = (typeof ROUTE_STYLES)[number];

/** The route of an operation in either route style. */
export function operationPath(name: OperationName, style: RouteStyle): string {
  return style === 'reply' ? JSON_REPLY_PREFIX + name : operations[name].path;
}
