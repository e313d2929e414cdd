import { fetchSessionCards, publishSessionCards } from './api/cards';
import { CardActions } from './CardActions';

/** A session's test cards: print them all in one PDF, or publish them so parents can download theirs. */
export function SessionCardActions({ sessionId, sessionName }: { sessionId: number; sessionName: string }) {
  return (
    <CardActions
      print={{
        label: 'Cetak Kartu Tes Sesi',
        pdf: () => fetchSessionCards(sessionId),
        fileName: `Kartu Tes ${sessionName}.pdf`,
      }}
      publish={{
        label: 'Terbitkan Kartu Tes',
        confirm: (
          <>
            Orang tua semua peserta sesi <strong>{sessionName}</strong> akan dapat mengunduh kartu tesnya.
          </>
        ),
        run: () => publishSessionCards(sessionId),
      }}
    />
  );
}
