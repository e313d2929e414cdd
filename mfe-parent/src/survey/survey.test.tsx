import { useSession } from '@psb/api-client/session';
import { type Answers, QUESTIONS, type QuestionKind } from '@psb/contracts/survey';
import { MemoryRouter } from '@psb/router/testing';
import { MantineProvider } from '@psb/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AddressCopy } from './AddressCopy';
import { regionKeys } from './api';
import { draftKey, readDraft, SurveyAutosave } from './autosave';
import { FIXED_LAYOUT, mergeDraft, pagePayload } from './engine';
import { FIELD_BY_KIND } from './QuestionField';
import { SurveyForm } from './SurveyForm';

function wrap(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Region lists as the api answers them, kept in the query cache so no request is made. */
function regionClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const options = (...names: string[]) => names.map((name) => ({ name, alias: [] as string[] }));
  client.setQueryData(regionKeys.level('provinsi', []), [
    ...options('Jawa Barat', 'Bali'),
    { name: 'Daerah Istimewa Yogyakarta', alias: ['diy', 'jogja', 'yogya'] },
  ]);
  client.setQueryData(
    regionKeys.level('kabupaten', ['Jawa Barat']),
    options('Kota Bandung', 'Kabupaten Bogor'),
  );
  client.setQueryData(regionKeys.level('kecamatan', ['Jawa Barat', 'Kota Bandung']), options('Coblong'));
  client.setQueryData(
    regionKeys.level('kelurahan', ['Jawa Barat', 'Kota Bandung', 'Coblong']),
    options('Dago'),
  );
  client.setQueryData(
    regionKeys.level('kode_pos', ['Jawa Barat', 'Kota Bandung', 'Coblong', 'Dago']),
    options('40135', '40136'),
  );
  return client;
}

const ok = () => Promise.resolve({ updated_at: '2026-11-21T00:00:00.000Z' });

function renderForm(props: Partial<Parameters<typeof SurveyForm>[0]> = {}, client = regionClient()) {
  const send = jest.fn(props.send ?? ok);
  wrap(<SurveyForm registrantId={7} initialAnswers={{}} readOnly={false} {...props} send={send} />, client);
  return { send };
}

// Typing whole answers through userEvent re-renders the form per key: on a loaded machine that takes longer
// than jest's 5 s default, which says nothing about the form.
jest.setTimeout(20_000);

const PARENT = {
  user: { id: 5, name: 'Ibu Sari', email: 'sari@example.id', phone_number: '081234567890', role: 'user' },
  token: 'parent-token',
  role_modules: [],
};

beforeEach(() => {
  localStorage.clear();
  useSession.getState().setUserSession(PARENT);
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('the form is rendered from SURVEY', () => {
  it('has one input component for every question kind', () => {
    const kinds = new Set<QuestionKind>(QUESTIONS.map((q) => q.kind));
    for (const kind of kinds) expect(FIELD_BY_KIND[kind]).toBeDefined();
  });

  it('renders every visible question of the first page with its label and required marker', () => {
    renderForm();
    for (const q of FIXED_LAYOUT.pages[0]!.questions.filter((q) => !q.showWhen))
      expect(screen.getAllByText(q.label, { exact: true }).length).toBeGreaterThan(0);
    // Required questions carry Mantine's asterisk next to the label.
    const fullName = screen.getByLabelText(/Nama Lengkap/);
    expect(
      fullName.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required'),
    ).not.toBeNull();
    // Radio for short lists, select for long ones, a masked phone input, a date input.
    expect(screen.getByRole('radiogroup', { name: /Jenis Kelamin/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Agama/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Tanggal Lahir/)).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  });

  it('masks phones, converts dates and counts the badge name', async () => {
    const user = userEvent.setup();
    renderForm();
    const phone = screen.getByLabelText(/^No\. HP/);
    await user.type(phone, '081234567890123');
    expect(phone).toHaveValue('+62812345678901');
    const date = screen.getByLabelText(/Tanggal Lahir/);
    await user.type(date, '14052020');
    expect(date).toHaveValue('14/05/2020');
    const badge = screen.getByLabelText(/Nama Panggilan/);
    // The badge name stops at 14 characters as it is typed.
    await user.type(badge, 'Abcdefghijklmno');
    expect(badge).toHaveValue('Abcdefghijklmn');
    expect(screen.getByTestId('counter-2')).toHaveTextContent('14/14');
    const draft = readDraft(7)!;
    expect(draft.answers['4']).toBe('2020-05-14');
    // A date that does not exist is refused on the field at once.
    fireEvent.change(date, { target: { value: '31022020' } });
    expect(date).toHaveValue('31/02/2020');
    expect(date).toHaveAccessibleDescription(/Tanggal tidak valid/);
    expect(draft.answers['9']).toBe('+62812345678901');
  });

  it('shows 20 and 21 only when 19 is Ya, and then requires them', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText('Jenis Kebutuhan Khusus')).toBeNull();
    await user.click(
      within(screen.getByRole('radiogroup', { name: /Berkebutuhan Khusus/ })).getByLabelText('Ya'),
    );
    expect(screen.getByText('Jenis Kebutuhan Khusus')).toBeInTheDocument();
    expect(screen.getByLabelText(/Penanganan Sebelumnya/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Berikutnya/ }));
    // Required errors block going forward; 21 is among them.
    const handling = screen.getByLabelText(/Penanganan Sebelumnya/);
    expect(handling).toHaveAttribute('aria-invalid', 'true');
    await user.click(
      within(screen.getByRole('radiogroup', { name: /Berkebutuhan Khusus/ })).getByLabelText('Tidak'),
    );
    expect(screen.queryByLabelText(/Penanganan Sebelumnya/)).toBeNull();
  });

  it('an "other" choice saves the typed text as the answer', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(
      within(screen.getByRole('radiogroup', { name: /^Negara Kelahiran/ })).getByLabelText('Lainnya'),
    );
    await user.type(screen.getByLabelText(/Negara Kelahiran \(lainnya\)/), 'Singapura');
    expect(readDraft(7)!.answers['3']).toBe('Singapura');
    // Birth province/city are asked only for Indonesia.
    expect(screen.queryByText('Provinsi Kelahiran')).toBeNull();
  });
});

describe('fields that speak up at once', () => {
  it('says so in the field when a pasted badge name is cut to 14 characters', async () => {
    const user = userEvent.setup();
    renderForm();
    const badge = screen.getByLabelText(/Nama Panggilan/);
    await user.click(badge);
    await user.paste('Kartika Sari Dewi');
    expect(badge).toHaveValue('Kartika Sari D');
    expect(screen.getByTestId('counter-2')).toHaveTextContent(
      '14/14 karakter · Teks dipotong: hanya 14 karakter pertama yang dipakai.',
    );
    // A name that fits says nothing of the sort.
    await user.clear(badge);
    await user.type(badge, 'Tika');
    expect(screen.getByTestId('counter-2')).toHaveTextContent(/^4\/14 karakter$/);
  });

  it('checks a phone number when the field is left, not only at the page change', async () => {
    const user = userEvent.setup();
    renderForm();
    const phone = screen.getByLabelText(/^No\. HP/);
    await user.type(phone, '0812');
    expect(phone).not.toHaveAccessibleDescription(/No\. telepon harus/);
    await user.tab();
    expect(phone).toHaveAccessibleDescription(/No\. telepon harus \+62 diikuti 8–12 angka\./);
    await user.type(phone, '34567890');
    await user.tab();
    expect(phone).not.toHaveAccessibleDescription(/No\. telepon harus/);
  });

  it('drops "Wajib diisi." from the address the copy filled, and keeps it where the copy left nothing', async () => {
    const user = userEvent.setup();
    const child = { '10': 'Jl. Dago 1', '57': 'Jawa Barat', '58': 'Kota Bandung' };
    renderForm({
      initialAnswers: child,
      initialPage: FIXED_LAYOUT.pageIndexByKey.get('ayah')!,
      extrasBefore: { ayah: AddressCopy },
    });
    await user.click(screen.getByRole('button', { name: /Berikutnya/ }));
    const street = screen.getByLabelText(/^Alamat/);
    expect(street).toHaveAccessibleDescription(/Wajib diisi\./);
    await user.click(screen.getByRole('button', { name: /Sama dengan alamat calon murid/ }));
    expect(street).toHaveValue('Jl. Dago 1');
    expect(street).not.toHaveAccessibleDescription(/Wajib diisi\./);
    expect(screen.getByRole('combobox', { name: /^Kabupaten\/Kota/ })).not.toHaveAccessibleDescription(
      /Wajib diisi\./,
    );
    // The child has no kecamatan yet: the father's stays required.
    expect(screen.getByRole('combobox', { name: /^Kecamatan/ })).toHaveAccessibleDescription(/Wajib diisi\./);
    // The name was not part of the copy: its message stays.
    expect(screen.getByLabelText(/^Nama Ayah/)).toHaveAccessibleDescription(/Wajib diisi\./);
  });

  it('marks the father absent: his fields lose their asterisk and the page goes on without them', async () => {
    const user = userEvent.setup();
    const { send } = renderForm({ initialPage: FIXED_LAYOUT.pageIndexByKey.get('ayah')! });
    const name = screen.getByLabelText(/^Nama Ayah/);
    expect(name).toBeRequired();
    await user.click(
      within(screen.getByRole('radiogroup', { name: /Keberadaan Ayah/ })).getByLabelText('Sudah Meninggal'),
    );
    expect(screen.getByLabelText(/^Nama Ayah/)).not.toBeRequired();
    expect(screen.getByText('Semua isian di halaman ini boleh dikosongkan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Berikutnya/ }));
    expect(await screen.findByRole('heading', { name: 'Data Ibu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ '101': 'Sudah Meninggal' })),
    );
  });
});

describe('address cascade in the form', () => {
  const address: Answers = {
    '10': 'Jl. Merdeka 1',
    '57': 'Jawa Barat',
    '58': 'Kota Bandung',
    '59': 'Coblong',
    '60': 'Dago',
    '61': '40135',
    '1': 'Budi',
  };

  it('changing the kabupaten clears kecamatan, kelurahan and postal code and nothing else', async () => {
    renderForm({ initialAnswers: address });
    const kab = screen.getByRole('combobox', { name: /^Kabupaten\/Kota/ });
    fireEvent.click(kab);
    fireEvent.click(await screen.findByRole('option', { name: 'Kabupaten Bogor', hidden: true }));
    const draft = readDraft(7)!.answers;
    expect(draft['58']).toBe('Kabupaten Bogor');
    expect(draft['57']).toBe('Jawa Barat');
    expect(draft['59']).toBeUndefined();
    expect(draft['60']).toBeUndefined();
    expect(draft['61']).toBeUndefined();
    expect(draft['10']).toBe('Jl. Merdeka 1');
    expect(draft['1']).toBe('Budi');
    expect(screen.getByRole('combobox', { name: /^Kecamatan/ })).toHaveValue('');
  });

  it('the province is found by a short form ("Jogja")', async () => {
    const user = userEvent.setup();
    renderForm();
    const prov = screen.getByRole('combobox', { name: /^Provinsi$/ });
    await user.click(prov);
    await user.type(prov, 'jogja');
    expect(
      await screen.findByRole('option', { name: 'Daerah Istimewa Yogyakarta', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Jawa Barat', hidden: true })).toBeNull();
  });

  it('a kelurahan with two postal codes offers both', async () => {
    const { 61: _code, ...rest } = address;
    renderForm({ initialAnswers: rest });
    const input = screen.getByRole('combobox', { name: /^Kode Pos/ });
    fireEvent.click(input);
    const listbox = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['40135', '40136']);
  });
});

describe('offline queue', () => {
  it('keeps a page that could not be sent and sends it when the connection returns', async () => {
    let online = false;
    const sent: Answers[] = [];
    const target = new EventTarget();
    const send = jest.fn(async (data: Answers) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(data);
      return { updated_at: 'x' };
    });
    const autosave = new SurveyAutosave({
      registrantId: 9,
      answers: {},
      send,
      describeError: () => ({ status: undefined, message: 'offline' }),
      isOnline: () => true, // the browser thinks it is online, but requests fail
      target: target as unknown as Window,
    });
    autosave.update({ '1': 'Budi' }, 'pribadi', ['1']);
    await autosave.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(autosave.getSnapshot().pending).toEqual(['pribadi']);
    expect(autosave.getSnapshot().state).toBe('pending');
    // Still on the device, queued, after a "reload".
    expect(readDraft(9)).toMatchObject({ answers: { '1': 'Budi' }, pending: ['pribadi'] });

    online = true;
    target.dispatchEvent(new Event('online'));
    await act(async () => {
      await autosave.flush();
    });
    expect(sent.at(-1)).toMatchObject({ '1': 'Budi', '2': null });
    expect(autosave.getSnapshot().state).toBe('saved');
    expect(readDraft(9)!.pending).toEqual([]);
    autosave.stop();
  });

  it('does not send while the browser is offline, then flushes on the online event', async () => {
    let onLine = false;
    const target = new EventTarget();
    const send = jest.fn(ok);
    const autosave = new SurveyAutosave({
      registrantId: 10,
      answers: {},
      send,
      describeError: () => ({}),
      isOnline: () => onLine,
      target: target as unknown as Window,
    });
    autosave.update({ '22': 'Pak Budi' }, 'ayah', ['22']);
    autosave.markPending('ayah');
    await autosave.flush();
    expect(send).not.toHaveBeenCalled();
    expect(autosave.getSnapshot().state).toBe('offline');
    onLine = true;
    target.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ '22': 'Pak Budi' }));
    expect(autosave.getSnapshot().state).toBe('saved');
    autosave.stop();
  });

  it('the form pages on while offline and shows "Belum tersimpan"', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const user = userEvent.setup();
    const { send } = renderForm({ initialPage: 1 });
    await user.type(screen.getByLabelText(/Nama Sekolah Sebelumnya/), 'TK Tunas');
    await user.click(screen.getByRole('button', { name: /Berikutnya/ }));
    expect(screen.getByText('Saudara', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'offline');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Belum tersimpan');
    expect(send).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(draftKey(7) as string)!).pending).toContain('pendidikan');
  });

  it('after a reload the unsent answers of the device win over the server', () => {
    const merged = mergeDraft({ '1': 'Server', '11': 'Lama' }, { '1': 'Device', '11': 'Baru' }, [
      'pendidikan',
    ]);
    expect(merged).toEqual({ '1': 'Server', '11': 'Baru' });
  });

  it('a page is sent with empty and hidden answers as null', () => {
    const data = pagePayload(FIXED_LAYOUT.pages[0]!, { '1': '  Budi  ', '19': 'Tidak', '21': 'lama' });
    expect(data['1']).toBe('Budi');
    expect(data['21']).toBeNull();
    expect(data['2']).toBeNull();
  });
});

describe('drafts on the device belong to the session', () => {
  it('are keyed by tenant and parent', () => {
    expect(draftKey(7)).toBe('psb-draft:demo:5:survey:7');
  });

  it('are wiped at logout and nothing more is written', () => {
    const autosave = new SurveyAutosave({
      registrantId: 7,
      answers: {},
      send: ok,
      describeError: () => ({}),
    });
    autosave.update({ '1': 'Budi' }, 'pribadi', ['1']);
    expect(JSON.stringify(localStorage)).toContain('Budi');
    useSession.getState().clearUserSession();
    autosave.update({ '1': 'Budi Santoso' }, 'pribadi', ['1']);
    expect(JSON.stringify({ ...localStorage })).not.toContain('Budi');
    expect(readDraft(7)).toBeNull();
    autosave.stop();
  });

  it('a save answered 401 stops the queue and leaves no draft', async () => {
    const send = jest.fn(() => Promise.reject(new Error('401')));
    const autosave = new SurveyAutosave({
      registrantId: 7,
      answers: {},
      send,
      describeError: () => {
        // What the api client does on a 401 before the error reaches the caller.
        useSession.getState().clearAll();
        return { status: 401 };
      },
      isOnline: () => true,
    });
    autosave.update({ '1': 'Budi' }, 'pribadi', ['1']);
    await autosave.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(Object.keys({ ...localStorage }).filter((k) => k.startsWith('psb-draft:'))).toEqual([]);
    expect(JSON.stringify({ ...localStorage })).not.toContain('Budi');
  });
});
