// @vitest-environment jsdom
// The generated form shows the draft (what the JSON editor holds) and edits it at the right path.
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { parseDraft, stringifyDraft } from '../../src/features/explorer/model/draft';
import { formModel, type Draft } from '../../src/features/explorer/model/form';
import { RequestForm } from '../../src/features/explorer/RequestForm';
import { renderWithProviders } from '../../src/test-utils';

/** The form and a JSON text bound to one draft, as the page binds them. */
function Harness({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const [text, setText] = useState(stringifyDraft(initial));
  const fields = formModel(operations.FolderUpdateRequest.request);
  return (
    <>
      <RequestForm
        fields={fields}
        draft={draft}
        onChange={(d) => {
          setDraft(d);
          setText(stringifyDraft(d));
        }}
      />
      <textarea
        aria-label="Request JSON text"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          const parsed = parseDraft(e.currentTarget.value);
          if (parsed.ok) setDraft(parsed.draft);
        }}
      />
    </>
  );
}

afterEach(cleanup);

describe('RequestForm', () => {
  it('shows nested values from the draft and writes edits back to the JSON', () => {
    renderWithProviders(<Harness initial={{ folder: { folderId: 18, folderName: 'Archive' } }} />);
    expect(screen.getByLabelText('folderId')).toHaveProperty('value', '18');
    fireEvent.change(screen.getByLabelText('folderName'), { target: { value: 'Old files' } });
    const json = screen.getByLabelText('Request JSON text') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ folder: { folderId: 18, folderName: 'Old files' } });
    // Emptying a field removes it ("not sent").
    fireEvent.change(screen.getByLabelText('folderName'), { target: { value: '' } });
    expect(JSON.parse(json.value)).toEqual({ folder: { folderId: 18 } });
  });

  it('follows the JSON: a new value, a new list item, a bool', () => {
    renderWithProviders(<Harness initial={{}} />);
    fireEvent.change(screen.getByLabelText('Request JSON text'), {
      target: {
        value: JSON.stringify({
          folder: { folderId: 7, userCanModify: false },
          additionalInfo: [{ propertyName: 'k', propertyValue: 'v' }],
        }),
      },
    });
    expect(screen.getByLabelText('folderId')).toHaveProperty('value', '7');
    expect(screen.getByLabelText('userCanModify')).toHaveProperty('value', 'false');
    expect(screen.getByLabelText('propertyName')).toHaveProperty('value', 'k');
    // A list item added in the form appears in the JSON.
    fireEvent.click(screen.getByRole('button', { name: 'Add additionalInfo item' }));
    const json = screen.getByLabelText('Request JSON text') as HTMLTextAreaElement;
    expect(JSON.parse(json.value).additionalInfo).toEqual([{ propertyName: 'k', propertyValue: 'v' }, {}]);
  });
});
