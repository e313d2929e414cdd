import { useSearchParams } from '@psb/router';
import { HomePage } from '../home/HomePage';

/** /reset-password?token=… (the e-mailed link) sets a new password; without a token it asks for a link. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <HomePage defaultModal={token ? 'reset' : 'forgot'} resetToken={token} />;
}
