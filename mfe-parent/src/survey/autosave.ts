import { userDraftKey } from '@psb/api-client/session';
import type { Answers } from '@psb/contracts/survey';
import { FIXED_LAYOUT, type FormLayout, formatErrors, isKnownPageKey, pagePayload } from './engine';

/**
 * Never lose typing: every answer is written to the device (localStorage, per tenant, parent and registrant,
 * wiped with the session: see `userDraftKey`) as it is typed;
 * pages whose answers the server has not confirmed stay queued — through offline periods and reloads — and
 * are sent on every page change, when the connection returns (`online`), when the app goes to the
 * background, and by a backing-off retry.
 */

export type SaveState = 'saved' | 'saving' | 'pending' | 'offline' | 'invalid' | 'locked';

export interface Draft {
  answers: Answers;
  /** Keys of pages not yet confirmed by the server. */
  pending: string[];
  /** The page the parent was on. */
  page: number;
  savedAt: string | null;
}

export interface SaveFailure {
  /** HTTP status; undefined when no answer arrived (offline, timeout). */
  status?: number;
  /** Question number → message (400). */
  errors?: Record<string, string>;
  message?: string;
}

export type SendPage = (data: Answers) => Promise<{ updated_at?: string }>;

/** Null without a parent session: then nothing is read or written. */
export const draftKey = (registrantId: number) => userDraftKey('survey', registrantId);

export function readDraft(registrantId: number, storage: Storage = localStorage): Draft | null {
  try {
    const key = draftKey(registrantId);
    const raw = key ? storage.getItem(key) : null;
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d !== 'object' || d === null || typeof d.answers !== 'object' || d.answers === null)
      return null;
    return {
      answers: d.answers as Answers,
      pending: Array.isArray(d.pending) ? d.pending.filter(isKnownPageKey) : [],
      // Checked against the registrant's own form where it is shown (it may have one more page).
      page: typeof d.page === 'number' && Number.isInteger(d.page) && d.page >= 0 ? d.page : 0,
      savedAt: typeof d.savedAt === 'string' ? d.savedAt : null,
    };
  } catch {
    return null;
  }
}

const RETRY_MS = [3_000, 6_000, 12_000, 30_000, 60_000];

export interface AutosaveOptions {
  registrantId: number;
  answers: Answers;
  pending?: readonly string[];
  page?: number;
  send: SendPage;
  /** Classifies a failed send. */
  describeError: (err: unknown) => SaveFailure;
  storage?: Storage;
  isOnline?: () => boolean;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The registrant's form (default: the fixed one). */
  layout?: FormLayout;
}

export interface AutosaveSnapshot {
  state: SaveState;
  pending: readonly string[];
  /** Server field errors per question number, kept until that answer changes. */
  errors: Record<string, string>;
  savedAt: string | null;
  message: string | null;
}

export class SurveyAutosave {
  private answers: Answers;
  private pending: Set<string>;
  private page: number;
  private inFlight: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private listeners = new Set<() => void>();
  private snapshot: AutosaveSnapshot;
  private readonly storage: Storage;
  private readonly isOnline: () => boolean;
  private readonly target: AutosaveOptions['target'];
  private readonly layout: FormLayout;
  private stopped = false;

  constructor(private readonly opts: AutosaveOptions) {
    this.answers = opts.answers;
    this.pending = new Set(opts.pending ?? []);
    this.page = opts.page ?? 0;
    this.storage = opts.storage ?? localStorage;
    this.layout = opts.layout ?? FIXED_LAYOUT;
    this.isOnline =
      opts.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
    this.target = opts.target ?? (typeof window === 'undefined' ? undefined : window);
    this.snapshot = {
      state: this.pending.size ? (this.isOnline() ? 'pending' : 'offline') : 'saved',
      pending: [...this.pending],
      errors: {},
      savedAt: null,
      message: null,
    };
    this.target?.addEventListener('online', this.onOnline);
    this.target?.addEventListener('offline', this.onOffline);
    this.persist();
  }

  /** Stops listening and retrying (the page unmounts); the draft stays on the device. */
  stop() {
    this.stopped = true;
    this.target?.removeEventListener('online', this.onOnline);
    this.target?.removeEventListener('offline', this.onOffline);
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Records the answers after a change on `pageKey` (written to the device at once, sent later). */
  update(answers: Answers, pageKey: string, changed?: readonly string[]) {
    this.answers = answers;
    this.pending.add(pageKey);
    let errors = this.snapshot.errors;
    if (changed?.some((no) => no in errors)) {
      errors = { ...errors };
      for (const no of changed) delete errors[no];
    }
    this.persist();
    if (this.snapshot.state === 'locked') return;
    this.set({
      state: this.inFlight ? 'saving' : this.isOnline() ? 'pending' : 'offline',
      pending: [...this.pending],
      errors,
    });
  }

  setPage(page: number) {
    this.page = page;
    this.persist();
  }

  /** Queues a page to be sent (leaving a page always saves it). */
  markPending(pageKey: string) {
    if (this.snapshot.state === 'locked') return;
    this.pending.add(pageKey);
    this.persist();
    this.set({ pending: [...this.pending] });
  }

  /** Sends every queued page; resolves when done (whether or not everything could be saved). */
  flush(): Promise<void> {
    if (this.stopped || this.snapshot.state === 'locked') return Promise.resolve();
    if (this.inFlight) return this.inFlight.then(() => (this.pending.size ? this.flushNow() : undefined));
    return this.flushNow();
  }

  private flushNow(): Promise<void> {
    if (this.pending.size === 0) {
      this.set({ state: 'saved', message: null });
      return Promise.resolve();
    }
    if (!this.isOnline()) {
      this.set({ state: 'offline' });
      return Promise.resolve();
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.set({ state: 'saving' });
    this.inFlight = this.sendAll().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async sendAll() {
    let failure: SaveFailure | null = null;
    let invalid = false;
    // In the order of the form, so errors come back in reading order.
    const { pages, pageIndexByKey } = this.layout;
    const keys = [...this.pending].sort(
      (a, b) => (pageIndexByKey.get(a) ?? 0) - (pageIndexByKey.get(b) ?? 0),
    );
    for (const key of keys) {
      const page = pages[pageIndexByKey.get(key) ?? -1];
      if (!page) {
        this.pending.delete(key);
        continue;
      }
      // Answers the server would refuse wait on the device until the parent corrects them.
      if (Object.keys(formatErrors(page, this.answers)).length) {
        invalid = true;
        continue;
      }
      const sent = this.answers;
      try {
        const res = await this.opts.send(pagePayload(page, sent));
        // Changed again while it was on its way: stays queued.
        if (this.answers === sent || !this.changedOnPage(page.key, sent)) this.pending.delete(key);
        this.set({ savedAt: res.updated_at ?? new Date().toISOString() });
      } catch (err) {
        failure = this.opts.describeError(err);
        // The session is gone (its drafts were wiped with it): write nothing back, try nothing more.
        if (failure.status === 401) {
          this.stop();
          return;
        }
        if (failure.status === 409) {
          this.pending.clear();
          this.persist();
          this.set({ state: 'locked', pending: [], message: failure.message ?? null });
          return;
        }
        if (failure.status === 400 && failure.errors) {
          invalid = true;
          this.set({ errors: { ...this.snapshot.errors, ...failure.errors } });
          continue;
        }
        if (failure.status === 404) {
          this.set({ message: failure.message ?? null });
          continue;
        }
        break; // no connection or server trouble: try again later
      }
    }
    this.persist();
    if (this.pending.size === 0) {
      this.attempt = 0;
      this.set({ state: 'saved', pending: [], message: null });
      return;
    }
    const connection = failure && failure.status === undefined;
    this.set({
      state: invalid && !connection ? 'invalid' : this.isOnline() ? 'pending' : 'offline',
      pending: [...this.pending],
      message: failure?.message ?? null,
    });
    if (!invalid || connection) this.scheduleRetry();
  }

  private changedOnPage(pageKey: string, sent: Answers) {
    const page = this.layout.pages[this.layout.pageIndexByKey.get(pageKey) ?? -1];
    if (!page) return false;
    const before = pagePayload(page, sent);
    const now = pagePayload(page, this.answers);
    return JSON.stringify(before) !== JSON.stringify(now);
  }

  private scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)]!;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.isOnline()) void this.flush();
    }, delay);
  }

  private onOnline = () => {
    this.attempt = 0;
    void this.flush();
  };

  private onOffline = () => {
    if (this.pending.size && this.snapshot.state !== 'locked') this.set({ state: 'offline' });
  };

  private persist() {
    const key = draftKey(this.opts.registrantId);
    if (this.stopped || !key) return;
    const draft: Draft = {
      answers: this.answers,
      pending: [...this.pending],
      page: this.page,
      savedAt: this.snapshot?.savedAt ?? null,
    };
    try {
      this.storage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or blocked (private mode): the answers are still in memory and queued.
    }
  }

  private set(patch: Partial<AutosaveSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }
}
