import { MSG } from '@psb/contracts/auth';
import { MemoryRouter } from '@psb/router/testing';
import { MantineProvider } from '@psb/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthModalsOnDemand } from './AuthModalsOnDemand';
import { LoginModal } from './LoginModal';
import { RegisterModal } from './RegisterModal';

const noop = () => {};

function renderInApp(ui: React.ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

// Each test stops at client validation: an invalid form never reaches the network.
describe('login modal', () => {
  it('labels its fields and shows the messages for an empty form submitted with Enter', async () => {
    const user = userEvent.setup();
    renderInApp(<LoginModal opened onClose={noop} onForgot={noop} onRegister={noop} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email / No. HP'), '{Enter}');
    expect(await within(dialog).findByText(MSG.usernameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.passwordMin)).toBeInTheDocument();
    expect(MSG.usernameInvalid).toBe('Masukkan Email/ No. HP yang sudah terdaftar.');
  });

  it('rejects a username that is neither an e-mail nor a phone, and a short password', async () => {
    const user = userEvent.setup();
    renderInApp(<LoginModal opened onClose={noop} onForgot={noop} onRegister={noop} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email / No. HP'), '08-12 abc');
    await user.type(within(dialog).getByLabelText('Kata Sandi'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Masuk' }));
    expect(
      await within(dialog).findByText('Masukkan Email/ No. HP yang sudah terdaftar.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Kata sandi minimal 6 karakter.')).toBeInTheDocument();
  });

  it('offers the forgot-password and register links', async () => {
    const onForgot = jest.fn();
    const onRegister = jest.fn();
    const user = userEvent.setup();
    renderInApp(<LoginModal opened onClose={noop} onForgot={onForgot} onRegister={onRegister} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Lupa kata sandi?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Daftar di sini' }));
    expect(onForgot).toHaveBeenCalled();
    expect(onRegister).toHaveBeenCalled();
  });
});

describe('register modal', () => {
  it('shows every message for invalid input', async () => {
    const user = userEvent.setup();
    renderInApp(<RegisterModal opened onClose={noop} onLogin={noop} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'bukan-email');
    await user.type(within(dialog).getByLabelText('No. HP'), '0812-abc');
    await user.type(within(dialog).getByLabelText('Kata Sandi'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Daftar' }));
    expect(await within(dialog).findByText('Nama tidak boleh kosong.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email tidak valid.')).toBeInTheDocument();
    expect(within(dialog).getByText('No. HP tidak valid.')).toBeInTheDocument();
    expect(within(dialog).getByText('Kata sandi minimal 6 karakter.')).toBeInTheDocument();
  });

  it('asks for at least one of e-mail and phone', async () => {
    const user = userEvent.setup();
    renderInApp(<RegisterModal opened onClose={noop} onLogin={noop} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nama'), 'Budi');
    await user.type(within(dialog).getByLabelText('Kata Sandi'), 'rahasia1');
    await user.click(within(dialog).getByRole('button', { name: 'Daftar' }));
    expect(await within(dialog).findAllByText(MSG.contactRequired)).toHaveLength(2);
  });

  it('accepts a phone number without an e-mail', async () => {
    const user = userEvent.setup();
    renderInApp(<RegisterModal opened onClose={noop} onLogin={noop} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('No. HP'), '081234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Daftar' }));
    expect(await within(dialog).findByText('Nama tidak boleh kosong.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Email tidak valid.')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('No. HP tidak valid.')).not.toBeInTheDocument();
  });
});

describe('dialogs on demand', () => {
  it('renders nothing until the URL names a dialog, then loads and opens it', async () => {
    const { rerender } = renderInApp(<AuthModalsOnDemand open={null} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <MantineProvider>
        <MemoryRouter>
          <AuthModalsOnDemand open="login" />
        </MemoryRouter>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Email / No. HP')).toBeInTheDocument();
  });
});
