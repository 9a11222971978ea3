// Every domain operation's handler. Sign-in and the request-log query are the core's (server/core/core-handlers.ts).
import type { HandlerTable } from '../handler';
import { dailyReportActivityReadByReport, dailyReportGet } from './dailyreports';
import {
  documentsReadInFolder,
  extDriveDocumentCreate,
  foldersDocumentsGetByParentFolder,
  listDocumentStatusRead,
} from './documents';
import { folderGet, folderReadIssue, folderUpdate } from './folders';
import { meetingMinutesReadByMeeting, meetingRead } from './meetings';
import { openIssueRead, openIssueReadRecipients, openIssueUpdate } from './openissues';
import { projectGet } from './projects';
import { punchListCreateMany } from './punchlist';
import { submittalItemReadAttachments, submittalUpdate } from './submittals';

export const domainHandlers: HandlerTable = {
  OpenIssueReadRequest: openIssueRead,
  OpenIssueUpdateRequest: openIssueUpdate,
  OpenIssueReadRecipientsRequest: openIssueReadRecipients,
  PunchListCreateManyRequest: punchListCreateMany,
  SubmittalUpdateRequest: submittalUpdate,
  SubmittalItemReadAttachmentsRequest: submittalItemReadAttachments,
  DailyReportGetRequest: dailyReportGet,
  DailyReportActivityReadByReportRequest: dailyReportActivityReadByReport,
  ProjectGetRequest: projectGet,
  FolderGetRequest: folderGet,
  FolderUpdateRequest: folderUpdate,
  FolderReadIssueRequest: folderReadIssue,
  DocumentsReadInFolderRequest: documentsReadInFolder,
  FoldersDocumentsGetByParentFolderRequest: foldersDocumentsGetByParentFolder,
  ExtDriveDocumentCreateRequest: extDriveDocumentCreate,
  ListDocumentStatusReadRequest: listDocumentStatusRead,
  MeetingReadRequest: meetingRead,
  MeetingMinutesReadByMeetingRequest: meetingMinutesReadByMeeting,
};
