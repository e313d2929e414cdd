import type { ComponentType } from 'react';
import { lazy } from 'react';

const List = lazy(() =>
  import('./pages/RegistrantListPage').then((m) => ({ default: () => <m.RegistrantListPage /> })),
);
const Archived = lazy(() =>
  import('./pages/RegistrantListPage').then((m) => ({ default: () => <m.RegistrantListPage archived /> })),
);
const Detail = lazy(() =>
  import('./pages/RegistrantDetailPage').then((m) => ({ default: m.RegistrantDetailPage })),
);

const Assisted = lazy(() =>
  import('./pages/AssistedRegistrationPage').then((m) => ({ default: m.AssistedRegistrationPage })),
);
const Internal = lazy(() =>
  import('./pages/InternalStudentsPage').then((m) => ({ default: m.InternalStudentsPage })),
);

const Documents = lazy(() =>
  import('./pages/DocumentVerificationPage').then((m) => ({ default: m.DocumentVerificationPage })),
);
const DocumentSettings = lazy(() =>
  import('./pages/DocumentSettingsPage').then((m) => ({ default: m.DocumentSettingsPage })),
);
const Offers = lazy(() => import('./pages/OffersPage').then((m) => ({ default: m.OffersPage })));

const Legger = lazy(() => import('./pages/LeggerPage').then((m) => ({ default: m.LeggerPage })));

/** This remote's pages (path → page), as the shell's RemotePage expects; each page is its own chunk. */
const routes: Record<string, ComponentType> = {
  '/admin/registrant': List,
  '/admin/registrant/nonactive': Archived,
  '/admin/registrant/detail': Detail,
  '/admin/registrant/documents': Documents,
  '/admin/registrant/document_settings': DocumentSettings,
  '/admin/registrant/legger': Legger,
  '/admin/registrant/assisted': Assisted,
  '/admin/registrant/internal': Internal,
  '/admin/registrant/offers': Offers,
};

export default routes;
