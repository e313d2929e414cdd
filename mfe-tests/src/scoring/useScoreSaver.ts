import type { ScoreSheet, TestScoreCell } from '@psb/contracts/test-scoring';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { postScores } from './api/scoreSheet';
import { parseCell } from './cellValue';

export type CellStatus = 'saved' | 'pending' | 'saving' | 'invalid' | 'failed';
export interface CellState {
  text: string;
  status: CellStatus;
  message?: string;
  /** Bumped on every edit, so an answer for an older value never marks a newer one saved. */
  version: number;
}

export const cellKey = (seat: number, subject: number) => `${seat}:${subject}`;
const DEBOUNCE_MS = 400;
const RETRY_MS = 3000;
const BATCH_MAX = 1000;
export const OFFLINE_MESSAGE = 'Gagal menyimpan (koneksi terputus). Dicoba lagi otomatis.';

const draftKey = (sessionId: number) => `psb-score-draft-${sessionId}`;

function readDraft(sessionId: number): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(draftKey(sessionId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The grid's cells and their saving: every edit is kept (and copied to localStorage until the server has it,
 * so a reload or a closed tab loses nothing), valid edits are sent in debounced batches, one batch at a time;
 * a batch refused for some cells marks those cells with the server's message and sends the rest again; a
 * batch lost to the network is retried.
 */
export function useScoreSaver(sessionId: number, sheet: ScoreSheet | undefined) {
  const cells = useRef(new Map<string, CellState>());
  const loadedFor = useRef<number | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [, rerender] = useReducer((x: number) => x + 1, 0);

  const subjectOf = useCallback(
    (key: string) => {
      const id = Number(key.split(':')[1]);
      return sheet?.subjects.find((s) => s.mst_subject_id === id);
    },
    [sheet],
  );

  const writeDraft = useCallback(() => {
    const draft: Record<string, string> = {};
    for (const [k, c] of cells.current) if (c.status !== 'saved') draft[k] = c.text;
    if (Object.keys(draft).length === 0) localStorage.removeItem(draftKey(sessionId));
    else localStorage.setItem(draftKey(sessionId), JSON.stringify(draft));
  }, [sessionId]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) return;
    const batch: { key: string; version: number; cell: TestScoreCell }[] = [];
    for (const [key, c] of cells.current) {
      if (c.status !== 'pending' || batch.length >= BATCH_MAX) continue;
      const subject = subjectOf(key);
      if (!subject) continue;
      const parsed = parseCell(c.text, subject);
      if ('error' in parsed) continue;
      const [seat, subj] = key.split(':').map(Number) as [number, number];
      batch.push({
        key,
        version: c.version,
        cell: { registrant_test_id: seat, mst_subject_id: subj, score: parsed.score },
      });
    }
    if (batch.length === 0) return;
    inFlight.current = true;
    for (const b of batch) cells.current.set(b.key, { ...cells.current.get(b.key)!, status: 'saving' });
    rerender();
    let again = false;
    try {
      const result = await postScores(batch.map((b) => b.cell));
      const refused = new Map('cells' in result ? result.cells.map((x) => [x.index, x.message]) : []);
      batch.forEach((b, i) => {
        const now = cells.current.get(b.key)!;
        if (now.version !== b.version) return; // edited meanwhile: still pending
        const message = refused.get(i);
        if (message) cells.current.set(b.key, { ...now, status: 'invalid', message });
        else if ('cells' in result) cells.current.set(b.key, { ...now, status: 'pending' });
        else cells.current.set(b.key, { ...now, status: 'saved', message: undefined });
      });
      again = 'cells' in result || [...cells.current.values()].some((c) => c.status === 'pending');
    } catch {
      for (const b of batch) {
        const now = cells.current.get(b.key)!;
        if (now.version === b.version)
          cells.current.set(b.key, { ...now, status: 'failed', message: OFFLINE_MESSAGE });
      }
      setTimeout(() => {
        for (const [k, c] of cells.current)
          if (c.status === 'failed') cells.current.set(k, { ...c, status: 'pending' });
        void flush();
      }, RETRY_MS);
    } finally {
      inFlight.current = false;
      writeDraft();
      rerender();
    }
    if (again) void flush();
  }, [subjectOf, writeDraft]);

  // The server's scores, then any draft left from before a reload on top (marked unsaved and sent again).
  useEffect(() => {
    if (!sheet || loadedFor.current === sessionId) return;
    loadedFor.current = sessionId;
    const map = new Map<string, CellState>();
    for (const row of sheet.rows)
      for (const s of sheet.subjects) {
        const v = row.scores[String(s.mst_subject_id)];
        map.set(cellKey(row.registrant_test_id, s.mst_subject_id), {
          text: v === undefined ? '' : String(v).replace('.', ','),
          status: 'saved',
          version: 0,
        });
      }
    for (const [k, text] of Object.entries(readDraft(sessionId))) {
      const was = map.get(k);
      if (was && was.text !== text) map.set(k, { text, status: 'pending', version: 1 });
    }
    cells.current = map;
    rerender();
    void flush();
  }, [sheet, sessionId, flush]);

  const setText = useCallback(
    (key: string, text: string) => {
      const was = cells.current.get(key);
      const subject = subjectOf(key);
      if (!was || !subject) return;
      const parsed = parseCell(text, subject);
      cells.current.set(key, {
        text,
        version: was.version + 1,
        ...('error' in parsed ? { status: 'invalid', message: parsed.error } : { status: 'pending' }),
      });
      writeDraft();
      rerender();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [subjectOf, writeDraft, flush],
  );

  const counts = { unsaved: 0, invalid: 0, failed: 0 };
  for (const c of cells.current.values()) {
    if (c.status === 'pending' || c.status === 'saving') counts.unsaved++;
    if (c.status === 'invalid') counts.invalid++;
    if (c.status === 'failed') counts.failed++;
  }

  // Leaving with unsaved cells asks first (their text is in the draft anyway).
  const busy = counts.unsaved + counts.failed > 0;
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { cell: (key: string) => cells.current.get(key), setText, flush, counts };
}
