// Add a document record that points at a file on an external drive (operation 16), into this folder or one of
// its plain sub folders.
import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { useConfig } from '../../config/config';
import type { Folder } from '../../contract/dtos';
import { useEditSession } from '../../ui/editSession';
import { formatBytes } from '../../ui/format';
import { distinctNames } from './model/documents';
import {
  emptyExtDriveForm,
  mapExtDriveFieldErrors,
  toExtDriveDocument,
  validateExtDriveForm,
  type ExtDriveField,
  type ExtDriveFormValues,
} from './model/extDriveForm';
import { rememberDocumentLink } from './documentLinks';
import { addExtDriveDocumentMutation } from './mutations';
import { documentStatusesQuery, folderDocumentsQuery, subFolderDocumentsQuery } from './queries';

export interface AddedDocument {
  fileName: string;
  fileId?: number;
  folderId?: number;
  filePath?: string;
  downloadUrl?: string;
  viewerUrl?: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  folder: Folder;
  onAdded: (added: AddedDocument) => void;
}

function useFolderKindCode(kind: string): string {
  const config = useConfig();
  for (const [code, info] of config.folderTypes) if (info.kind === kind) return String(code);
  return '';
}

function AddDocumentForm({ projectId, folder, onClose, onAdded }: Omit<Props, 'opened'>) {
  const folderId = folder.folderId ?? 0;
  const session = useEditSession<ExtDriveFormValues, ExtDriveField>({
    initial: () => emptyExtDriveForm(folderId),
  });
  const { errors } = session;
  const values = session.editing?.values ?? emptyExtDriveForm(folderId);
  const [formError, setFormError] = useState<unknown>();
  const plainCode = useFolderKindCode('folder');
  // Only plain sub folders can take documents besides this one: the service filters by folder type.
  const subFolders = useQuery({ ...subFolderDocumentsQuery(folderId, plainCode), enabled: plainCode !== '' });
  const statuses = useQuery(documentStatusesQuery(projectId));
  const documents = useQuery(folderDocumentsQuery(folderId));
  const disciplines = useMemo(
    () => distinctNames(documents.data?.documents ?? [], (d) => d.documentDisciplineName),
    [documents.data],
  );
  const types = useMemo(
    () => distinctNames(documents.data?.documents ?? [], (d) => d.documentTypeName),
    [documents.data],
  );
  const queryClient = useQueryClient();
  const mutation = useMutation(addExtDriveDocumentMutation(queryClient));

  const set = (field: ExtDriveField) => (value: string) => session.change({ [field]: value });
  const input = (field: ExtDriveField) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field)(e.currentTarget.value),
    error: errors[field],
  });

  const targets = [
    { value: String(folderId), label: `${folder.folderName || `Folder ${folderId}`} (this folder)` },
    ...(subFolders.data ?? [])
      .filter((d) => d.folderId !== undefined && d.folderId !== folderId)
      .map((d) => ({
        value: String(d.folderId),
        label: `${folder.folderName ?? ''} › ${d.folderName ?? d.folderId}`,
      })),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateExtDriveForm(values);
    setFormError(undefined);
    if (Object.keys(found).length) {
      session.fail(found);
      return;
    }
    session.setErrors({});
    const document = toExtDriveDocument(values);
    mutation.mutate(document, {
      onSuccess: (reply) => {
        if (reply.fileId) {
          rememberDocumentLink(queryClient, reply.fileId, {
            downloadUrl: document.downloadUrl,
            viewerUrl: document.viewerUrl,
            filePath: reply.filePath,
          });
        }
        onAdded({
          fileName: document.fileName ?? '',
          fileId: reply.fileId,
          folderId: reply.folderId,
          filePath: reply.filePath,
          downloadUrl: document.downloadUrl,
          viewerUrl: document.viewerUrl,
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
          const { fields, other } = mapExtDriveFieldErrors(error.fieldErrors);
          session.fail(fields);
          if (other.length) setFormError(new Error(other.join(' ')));
        } else {
          setFormError(error);
        }
      },
    });
  };

  const size = /^\d+$/.test(values.fileSize.trim()) ? formatBytes(Number(values.fileSize.trim())) : '';

  return (
    <form ref={session.formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError !== undefined && (
          <Alert color="red" variant="light" title="The document was not added">
            {formError instanceof Error ? formError.message : 'Something went wrong.'}
          </Alert>
        )}
        <Select
          label="Folder"
          data={targets}
          value={values.folderParentId}
          onChange={(v) => set('folderParentId')(v ?? String(folderId))}
          error={errors.folderParentId}
          allowDeselect={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="File name"
            required
            placeholder="A-101 Floor Plan.pdf"
            {...input('fileName')}
            data-autofocus
          />
          <TextInput label="File type" placeholder="pdf" {...input('fileType')} />
          <TextInput
            label="File size (bytes)"
            inputMode="numeric"
            description={size || undefined}
            {...input('fileSize')}
          />
          <TextInput label="Issue" placeholder="Rev 2" {...input('issue')} />
          <TextInput label="Drive file id" {...input('extDriveId')} />
          <TextInput label="Drive parent id" {...input('extDriveParentId')} />
        </SimpleGrid>
        <TextInput label="Download URL" type="url" placeholder="https://…" {...input('downloadUrl')} />
        <TextInput label="Viewer URL" type="url" placeholder="https://…" {...input('viewerUrl')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Autocomplete
            label="Discipline"
            data={disciplines}
            value={values.discipline}
            onChange={set('discipline')}
            error={errors.discipline}
          />
          <Autocomplete
            label="Document type"
            data={types}
            value={values.documentType}
            onChange={set('documentType')}
            error={errors.documentType}
          />
          <Select
            label="Status"
            placeholder={statuses.isPending ? 'Loading…' : 'No status'}
            data={(statuses.data ?? [])
              .filter((s) => s.id !== undefined)
              .map((s) => ({ value: String(s.id), label: s.name || `Status ${s.id}` }))}
            value={values.status || null}
            onChange={(v) => set('status')(v ?? '')}
            error={errors.status ?? (statuses.isError ? 'The statuses could not be loaded.' : undefined)}
            clearable
          />
          <TextInput label="Issue date" type="date" {...input('issueDate')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...input('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Add document
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          The document record points at the file on the drive; nothing is uploaded.
        </Text>
      </Stack>
    </form>
  );
}

export function AddDocumentModal({ opened, ...props }: Props) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Add an external-drive document" size="lg">
      {opened && <AddDocumentForm {...props} />}
    </Modal>
  );
}
