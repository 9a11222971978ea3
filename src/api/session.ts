// The signed-in session, kept in sessionStorage (per tab, gone when the tab closes). The password is never kept.

export interface Session {
  sessionKey: string;
  apiKey: string;
  userName: string;
  /** Learnt after sign-in by asking the request log (admins only); undefined until known. */
  isAdmin?: boolean;
  /**
   * The service has accepted this session key in this browser (it came from a sign-in here, or a call with it
   * succeeded): a 401 then means it expired. A key never accepted here is no session at all ("not signed in").
   */
  confirmed?: boolean;
}

const STORAGE_KEY = 'pm-console.session';

type Listener = () => void;
const listeners = new Set<Listener>();
// Parsed copy of the stored text; re-parsed only when the text changes, so snapshots stay stable.
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

// Where sessionStorage is missing or blocked (Node tests, strict privacy modes) the session lives in memory.
let memoryRaw: string | null = null;
const memory = {
  getItem: () => memoryRaw,
  setItem: (_key: string, value: string) => {
    memoryRaw = value;
  },
  removeItem: () => {
    memoryRaw = null;
  },
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // blocked: use memory
  }
  return memory;
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Session>;
    if (typeof v.sessionKey === 'string' && typeof v.apiKey === 'string' && typeof v.userName === 'string') {
      return {
        sessionKey: v.sessionKey,
        apiKey: v.apiKey,
        userName: v.userName,
        isAdmin: typeof v.isAdmin === 'boolean' ? v.isAdmin : undefined,
        confirmed: v.confirmed === true ? true : undefined,
      };
    }
  } catch {
    // fall through: a damaged entry counts as signed out
  }
  return null;
}

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  get(): Session | null {
    // Storage is read every time, so an edit made elsewhere (devtools, a test) is seen on the next call.
    const raw = storage().getItem(STORAGE_KEY) ?? null;
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = parse(raw);
    }
    return cached;
  },
  set(session: Session): void {
    storage().setItem(STORAGE_KEY, JSON.stringify(session));
    emit();
  },
  update(patch: Partial<Session>): void {
    const s = sessionStore.get();
    if (s) sessionStore.set({ ...s, ...patch });
  },
  clear(): void {
    storage().removeItem(STORAGE_KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
