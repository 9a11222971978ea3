// The explorer's editor state: the chosen operation, its draft (what the form and the JSON edit), the JSON text
// as typed and why it does not parse. The URL follows it (`?op=…&request=…`, history replaced), a link opened
// elsewhere (the command palette) is followed, and each operation's draft is kept for the visit.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import type { OperationName } from '../../contract/operations';
import { parseDraft, stringifyDraft } from './model/draft';
import type { Draft } from './model/form';
import { readShare, writeShare } from './model/operations';

const DEFAULT_OP: OperationName = 'ProjectGetRequest';

export function useExplorerDraft() {
  const [params, setParams] = useSearchParams();
  const initial = useMemo(() => readShare(params), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [op, setOp] = useState<OperationName>(initial.op ?? DEFAULT_OP);
  const [draft, setDraftState] = useState<Draft>(initial.draft);
  const [text, setText] = useState(() => stringifyDraft(initial.draft));
  const [jsonError, setJsonError] = useState<string | undefined>(initial.error);
  const drafts = useRef(new Map<OperationName, Draft>());

  // The URL follows the editor (replace: no history entry per keystroke); a link opened elsewhere (the
  // command palette) is followed.
  const written = useRef(params.toString());
  const [settled] = useDebouncedValue({ op, draft }, 300);
  useEffect(() => {
    const next = writeShare(settled.op, settled.draft);
    if (next !== written.current) {
      written.current = next;
      setParams(new URLSearchParams(next), { replace: true });
    }
  }, [settled, setParams]);
  const urlString = params.toString();
  useEffect(() => {
    if (urlString === written.current) return;
    written.current = urlString;
    const shared = readShare(new URLSearchParams(urlString));
    if (!shared.op) return;
    setOp(shared.op);
    setDraftState(shared.draft);
    setText(stringifyDraft(shared.draft));
    setJsonError(shared.error);
  }, [urlString]);

  /** A form edit: the JSON is rewritten from it. */
  const setDraft = (next: Draft) => {
    setDraftState(next);
    setText(stringifyDraft(next));
    setJsonError(undefined);
  };
  /** A JSON edit: the form follows when it parses; otherwise the text stays as typed and says why. */
  const onText = (value: string) => {
    setText(value);
    const parsed = parseDraft(value);
    if (parsed.ok) {
      setDraftState(parsed.draft);
      setJsonError(undefined);
    } else {
      setJsonError(parsed.error);
    }
  };
  /** Another operation, with the draft it had earlier in this visit. */
  const choose = (name: OperationName) => {
    if (name === op) return;
    drafts.current.set(op, draft);
    const next = drafts.current.get(name) ?? {};
    setOp(name);
    setDraftState(next);
    setText(stringifyDraft(next));
    setJsonError(undefined);
  };

  return { op, draft, text, jsonError, setDraft, onText, choose };
}
