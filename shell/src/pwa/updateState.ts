import { create } from 'zustand';

interface UpdateState {
  /** A new service worker is installed and waiting for the user's go-ahead. */
  waiting: boolean;
  /** An update was offered at least once: from then on the dialog's code is loaded and stays mounted. */
  offered: boolean;
  /** Activates the waiting worker; the page reloads once it controls the page. */
  activate: () => void;
  offer: (activate: () => void) => void;
  dismiss: () => void;
}

export const useUpdateState = create<UpdateState>()((set) => ({
  waiting: false,
  offered: false,
  activate: () => {},
  offer: (activate) => set({ waiting: true, offered: true, activate }),
  dismiss: () => set({ waiting: false }),
}));
