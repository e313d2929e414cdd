import { errorMessage, errorStatus, fieldErrors } from '@psb/api-client/http';
import { type MissingItem, REGISTRANT_MSG, type RegistrantFamily } from '@psb/contracts/parent';
import { type Answers, isRequired, isVisible, type Question, setAnswer } from '@psb/contracts/survey';
import { useNavigate } from '@psb/router';
import { Button, Group, List, Modal, notify, Paper, Stack, Tabs, Text, Title } from '@psb/ui';
import { IconArrowLeft, IconArrowRight, IconCheck, IconWifiOff } from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { completeRegistrant } from '../common/api/registrant';
import { Notice } from '../common/Notice';
import { useOnline } from '../common/useOnline';
import { type SendPage, SurveyAutosave } from './autosave';
import {
  FIXED_LAYOUT,
  type FormLayout,
  formatError,
  formatErrors,
  recheckErrors,
  requiredErrors,
} from './engine';
import { type ConfirmFamily, CopiedMark, FamilyCopyNotice, useFamilyCopy } from './FamilyCopy';
import { QuestionField } from './QuestionField';
import { SaveStatus } from './SaveStatus';

/** What a page-level addition (documents, NPSN lookup) may do. */
export interface PageExtraProps {
  registrantId: number;
  readOnly: boolean;
  answers: Answers;
  setAnswers: (patch: Answers) => void;
}

export interface SurveyFormProps {
  registrantId: number;
  initialAnswers: Answers;
  initialPending?: readonly string[];
  initialPage?: number;
  readOnly: boolean;
  send: SendPage;
  /** Additions shown under the questions of a page, by page key. */
  extras?: Partial<Record<string, ComponentType<PageExtraProps>>>;
  /** Additions shown above the questions of a page (a lookup that fills them), by page key. */
  extrasBefore?: Partial<Record<string, ComponentType<PageExtraProps>>>;
  onCompleted?: () => void;
  /** The registrant's form: the fixed questions and its school's own (default: the fixed ones only). */
  layout?: FormLayout;
  /** Answers copied from the family's earlier form, and how the parent confirms them. */
  family?: RegistrantFamily;
  confirmFamily?: ConfirmFamily;
}

const TAB_STYLES = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' },
  tab: { paddingInline: 10, whiteSpace: 'nowrap', fontWeight: 600 },
} as const;
/** The page buttons stay in reach of the thumb on a phone. */
const FOOTER_STYLE = {
  position: 'sticky',
  bottom: 8,
  zIndex: 5,
  background: 'var(--mantine-color-body)',
} as const;

const describeError = (err: unknown) => ({
  status: errorStatus(err),
  errors: fieldErrors(err),
  message: errorMessage(err),
});

/**
 * The registrant form, rendered entirely from its layout: tabs, pages, one input per question kind. Saves the
 * page being left on every page change; answers live on the device until the server has them.
 */
export function SurveyForm({
  registrantId,
  initialAnswers,
  initialPending = [],
  initialPage = 0,
  readOnly: lockedAtStart,
  send,
  extras = {},
  extrasBefore = {},
  onCompleted,
  layout = FIXED_LAYOUT,
  family,
  confirmFamily,
}: SurveyFormProps) {
  const { pages, survey, pageOfQuestion, firstPageOfTab, describeQuestion } = layout;
  const navigate = useNavigate();
  const online = useOnline();
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [pageIndex, setPageIndex] = useState(
    lockedAtStart ? 0 : Math.min(initialPage, layout.pages.length - 1),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [finishing, setFinishing] = useState(false);
  const [done, setDone] = useState<{ message: string; missing: MissingItem[] } | null>(null);
  const [stillOffline, setStillOffline] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  const autosave = useMemo(
    () =>
      new SurveyAutosave({
        registrantId,
        answers: initialAnswers,
        pending: lockedAtStart ? [] : initialPending,
        page: initialPage,
        send,
        describeError,
        layout,
      }),
    [registrantId],
  );
  const snapshot = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot);
  const readOnly = lockedAtStart || snapshot.state === 'locked';

  useEffect(() => {
    // Fields scrolled to (focus, Tab, error) must not end up under the header or the sticky page buttons.
    const html = document.documentElement.style;
    const before = [html.scrollPaddingTop, html.scrollPaddingBottom];
    html.scrollPaddingTop = '72px';
    html.scrollPaddingBottom = '150px';
    return () => {
      [html.scrollPaddingTop, html.scrollPaddingBottom] = before as [string, string];
    };
  }, []);

  useEffect(() => {
    // A reload with unsent pages sends them now; going to the background sends what is queued.
    if (!lockedAtStart) void autosave.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void autosave.flush();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      autosave.stop();
    };
  }, [autosave]);

  const page = pages[pageIndex]!;
  const tab = survey.tabs.find((t) => t.key === page.tab)!;
  const familyCopy = useFamilyCopy(family, answers);
  const shown = page.questions.filter((q) => isVisible(q, answers));
  const copiedHere = readOnly ? [] : shown.filter((q) => familyCopy.unconfirmed.has(q.no)).map((q) => q.no);
  /** The page is saved first, so what the parent corrected is theirs before the rest is confirmed. */
  const confirmPage: ConfirmFamily = async (nos) => {
    autosave.markPending(page.key);
    await autosave.flush();
    if (autosave.getSnapshot().pending.includes(page.key))
      throw new Error('Jawaban halaman ini belum tersimpan. Silakan coba lagi.');
    return confirmFamily!(nos);
  };
  const tabPages = pages.filter((p) => p.tab === page.tab);
  const isLast = pageIndex === pages.length - 1;

  const change = (no: number, value: unknown) => {
    const next = setAnswer(answers, no, value);
    const changed = Object.keys({ ...answers, ...next }).filter((k) => answers[k] !== next[k]);
    setAnswers(next);
    if (changed.some((k) => k in errors))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k))));
    autosave.update(next, page.key, changed);
  };

  const patch = (values: Answers) => {
    let next = answers;
    for (const [k, v] of Object.entries(values)) next = setAnswer(next, Number(k), v);
    setAnswers(next);
    setErrors((e) => recheckErrors(e, Object.keys(values), next, survey));
    // A patch may reach other pages (the address copied to the mother's page): each is queued for sending.
    const byPage = new Map<string, string[]>();
    for (const k of Object.keys(values)) {
      const key = pageOfQuestion.get(Number(k))?.key ?? page.key;
      byPage.set(key, [...(byPage.get(key) ?? []), k]);
    }
    for (const [key, changed] of byPage) autosave.update(next, key, changed);
  };

  /** Leaving a field: its format is checked at once (a short phone number), not only at the page change. */
  const checkOnLeave = (q: Question) => {
    const problem = formatError(q, answers);
    setErrors((e) =>
      problem ? { ...e, [String(q.no)]: problem } : recheckErrors(e, [String(q.no)], answers, survey),
    );
  };

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = page.questions.find((q) => String(q.no) in problems);
    notify.warning('Periksa kembali isian yang ditandai merah.');
    if (first) requestAnimationFrame(() => document.getElementById(`q-${first.no}`)?.focus());
  };

  /** Checks the page (format always; required answers when going forward), saves it and moves. */
  const goTo = (target: number, forward = false) => {
    if (target === pageIndex || target < 0 || target >= pages.length) return;
    if (!readOnly) {
      const problems = { ...formatErrors(page, answers), ...(forward ? requiredErrors(page, answers) : {}) };
      if (Object.keys(problems).length) return showProblems(problems);
      autosave.markPending(page.key);
      void autosave.flush();
      autosave.setPage(target);
    }
    setErrors({});
    setPageIndex(target);
    requestAnimationFrame(() => topRef.current?.scrollIntoView({ block: 'start' }));
  };

  const finish = async () => {
    const problems = { ...formatErrors(page, answers), ...requiredErrors(page, answers) };
    if (Object.keys(problems).length) return showProblems(problems);
    setFinishing(true);
    setStillOffline(false);
    try {
      autosave.markPending(page.key);
      await autosave.flush();
      const snap = autosave.getSnapshot();
      if (snap.pending.length > 0) {
        if (snap.state === 'offline' || !navigator.onLine) setStillOffline(true);
        else notify.error(snap.message ?? 'Sebagian jawaban belum tersimpan. Silakan coba lagi.');
        return;
      }
      const result = await completeRegistrant(registrantId);
      setDone({ message: result.message || REGISTRANT_MSG.completed, missing: result.missing });
      onCompleted?.();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setFinishing(false);
    }
  };

  const shownError = (no: number) => errors[String(no)] ?? snapshot.errors[String(no)];

  return (
    <Stack gap="md" ref={topRef} style={{ scrollMarginTop: 70 }}>
      {readOnly && (
        <Notice color="gray" title="Formulir terkunci" data-testid="survey-locked">
          {REGISTRANT_MSG.locked}
        </Notice>
      )}
      {!online && !readOnly && (
        <Notice
          color="orange"
          icon={<IconWifiOff size={20} aria-hidden />}
          title="Anda sedang offline"
          data-testid="offline-banner"
        >
          Anda tetap bisa mengisi dan berpindah halaman. Jawaban disimpan di perangkat ini dan dikirim
          otomatis saat koneksi kembali.
        </Notice>
      )}
      <Tabs
        value={page.tab}
        onChange={(key) => key && goTo(firstPageOfTab(key))}
        variant="default"
        styles={TAB_STYLES}
      >
        <Tabs.List grow aria-label="Bagian formulir">
          {survey.tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key}>
              {t.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {survey.tabs.map((t) => (
          <Tabs.Panel key={t.key} value={t.key} pt="md">
            {t.key === page.tab && (
              <Stack gap="md">
                {tabPages.length > 1 && (
                  <Group gap={6} aria-label="Halaman bagian ini">
                    {tabPages.map((p, i) => {
                      const index = pages.indexOf(p);
                      const active = index === pageIndex;
                      return (
                        <Button
                          key={p.key}
                          size="compact-sm"
                          radius="xl"
                          variant={active ? 'filled' : 'light'}
                          aria-current={active ? 'step' : undefined}
                          onClick={() => goTo(index)}
                        >
                          {i + 1}. {p.title}
                        </Button>
                      );
                    })}
                  </Group>
                )}
                {confirmFamily && (
                  <FamilyCopyNotice
                    source={familyCopy.source}
                    nos={copiedHere}
                    confirm={confirmPage}
                    onConfirmed={(f) => familyCopy.setCopied(f.copied)}
                  />
                )}
                {(() => {
                  const Before = extrasBefore[page.key];
                  return Before ? (
                    <Before
                      registrantId={registrantId}
                      readOnly={readOnly}
                      answers={answers}
                      setAnswers={patch}
                    />
                  ) : null;
                })()}
                <Paper
                  withBorder
                  radius="md"
                  p={{ base: 'md', sm: 'lg' }}
                  component="section"
                  aria-labelledby="page-title"
                >
                  <Stack gap="lg">
                    <div>
                      <Title order={3} id="page-title">
                        {page.title}
                      </Title>
                      <Text size="sm" c="gray.7">
                        {!page.questions.some((q) => isRequired(q, answers))
                          ? tab.optional
                            ? 'Bagian ini boleh dikosongkan bila tidak ada wali.'
                            : 'Semua isian di halaman ini boleh dikosongkan.'
                          : tab.optional
                            ? 'Ayah dan ibu ditandai tidak ada: isi data wali yang mengasuh calon siswa. Isian bertanda * wajib diisi.'
                            : 'Isian bertanda * wajib diisi.'}
                      </Text>
                    </div>
                    {shown.map((q) => (
                      <div key={q.no}>
                        <QuestionField
                          q={q}
                          value={answers[String(q.no)]}
                          answers={answers}
                          onChange={(v) => change(q.no, v)}
                          onBlur={readOnly ? undefined : () => checkOnLeave(q)}
                          error={shownError(q.no)}
                          required={isRequired(q, answers)}
                          readOnly={readOnly}
                        />
                        {copiedHere.includes(q.no) && <CopiedMark no={q.no} />}
                      </div>
                    ))}
                  </Stack>
                </Paper>
                {(() => {
                  const Extra = extras[page.key];
                  return Extra ? (
                    <Extra
                      registrantId={registrantId}
                      readOnly={readOnly}
                      answers={answers}
                      setAnswers={patch}
                    />
                  ) : null;
                })()}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      {stillOffline && (
        <Notice color="orange" title="Belum dapat diselesaikan" data-testid="finish-offline">
          Anda sedang offline. Jawaban tersimpan di perangkat ini dan akan dikirim otomatis saat koneksi
          kembali; setelah itu tekan Selesai lagi.
        </Notice>
      )}

      <Paper style={FOOTER_STYLE} withBorder shadow="sm" p="sm" radius="md">
        <Stack gap={8}>
          <SaveStatus state={readOnly ? 'locked' : snapshot.state} />
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => goTo(pageIndex - 1)}
              disabled={pageIndex === 0}
            >
              Sebelumnya
            </Button>
            {isLast ? (
              readOnly ? (
                <Button onClick={() => navigate('/home')}>Ke Beranda</Button>
              ) : (
                <Button
                  onClick={finish}
                  loading={finishing}
                  rightSection={<IconCheck size={16} aria-hidden />}
                >
                  Selesai
                </Button>
              )
            ) : (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden />}
                onClick={() => goTo(pageIndex + 1, true)}
              >
                Berikutnya
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      <Modal
        opened={done !== null}
        onClose={() => setDone(null)}
        title="Formulir selesai diisi"
        centered
        data-testid="survey-done"
      >
        <Stack gap="sm">
          <Text>{done?.message}</Text>
          {done && done.missing.length > 0 && (
            <Notice color="yellow" title={REGISTRANT_MSG.missing(done.missing.length)}>
              <List size="sm" spacing={2}>
                {done.missing.map((m) => (
                  <List.Item key={m.no}>{describeQuestion(m.no, m.label)}</List.Item>
                ))}
              </List>
            </Notice>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDone(null)}>
              Periksa Lagi
            </Button>
            <Button onClick={() => navigate('/home')}>Ke Beranda</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
