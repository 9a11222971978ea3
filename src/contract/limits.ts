// Field length limits, per DTO: the reference service refuses a longer value (400 `TooLong`, titles after
// trimming) and the console's forms check the same numbers before sending. A field not listed has no limit of
// its own beyond the request size.

export const limits = {
  Folder: { folderName: 200, folderDescription: 2000 },
  OpenIssue: {
    number: 50,
    subject: 200,
    question: 8000,
    locationSite: 200,
    locationBuilding: 200,
    locationFloor: 200,
    locationRoom: 200,
    changeOrderNumber: 50,
    changeOrderStatus: 50,
    reference: 200,
    drawing: 200,
    drawingDetail: 200,
    documentFileId: 200,
    discussionReplies: 20000,
  },
  PunchList: {
    tempItemId: 100,
    summary: 200,
    description: 8000,
    locationSite: 200,
    locationBuilding: 200,
    locationFloor: 200,
    locationRoom: 200,
    cost: 50,
    notifyingParty: 200,
    costEventNumber: 50,
    costEventAmount: 50,
    costEventStatus: 50,
    reference: 200,
    drawing: 200,
    drawingDetail: 200,
    discussionReplies: 20000,
  },
  SubmittalPackage: {
    number: 50,
    description: 200,
    reference: 200,
    revision: 20,
    sourceNumber: 50,
    targetNumber: 50,
    notes: 8000,
  },
  /** The ext-drive add (`DocumentExtDrive.FileName`; no `/` or `\` either). */
  DocumentExtDrive: { fileName: 255 },
} as const satisfies Record<string, Record<string, number>>;

/** Entries of a punch-list people list (`ResponsiblePartyList`, `CCUserList`); 400 `TooMany` past it. */
export const PUNCH_LIST_MAX_ENTRIES = 100;
/**
 * Characters of one entry of those lists. The console checks it; the reference service stores the list as sent
 * (its column has no per-entry limit), so this is the console's rule only.
 */
export const PUNCH_LIST_ENTRY_MAX = 200;
/** Rows of one PunchListCreateMany request; 400 `TooMany` past it. The console sends batches of at most this. */
export const PUNCH_LIST_MAX_ROWS = 1000;
