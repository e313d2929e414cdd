import { useModuleActions } from '@psb/resource-ui';
import { Badge, formatDate } from '@psb/ui';
import { fetchRegistrantCard, publishRegistrantCard } from './api/cards';
import { CardActions } from './CardActions';

interface Props {
  registrantId: number;
  /** Name or registration number, for labels and the confirmation. */
  label: string;
  registrationNumber: string;
  /** When the card was published (null while it is not); the list refreshes after publishing. */
  publishedAt: string | null;
  onPublished: () => void;
}

/**
 * One seated registrant's test card on the schedule lists: print it (Kartu Tes read) and publish it to the
 * parent (Kartu Tes update, after a confirmation). A published card shows when it went out.
 */
export function RegistrantCardActions({
  registrantId,
  label,
  registrationNumber,
  publishedAt,
  onPublished,
}: Props) {
  const can = useModuleActions('Kartu Tes');
  if (!can.read) return null;
  return (
    <CardActions
      compact
      print={{
        label: 'Cetak Kartu',
        ariaLabel: `Cetak kartu tes ${label}`,
        pdf: () => fetchRegistrantCard(registrantId),
        fileName: `Kartu Tes ${registrationNumber}.pdf`,
      }}
      publish={
        publishedAt || !can.update
          ? null
          : {
              label: 'Terbitkan Kartu',
              ariaLabel: `Terbitkan kartu tes ${label}`,
              confirm: (
                <>
                  Orang tua <strong>{label}</strong> akan dapat mengunduh kartu tesnya.
                </>
              ),
              run: () => publishRegistrantCard(registrantId),
              onDone: onPublished,
            }
      }
      status={
        publishedAt ? (
          <Badge color="green" variant="light" title={`Kartu tes terbit ${formatDate(publishedAt)}`}>
            Kartu terbit
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Belum terbit
          </Badge>
        )
      }
    />
  );
}
